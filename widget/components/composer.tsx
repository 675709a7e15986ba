import { MAX_MESSAGE_CHARS } from '../../protocol/limits.ts';
import { useEffect, useRef } from 'preact/hooks';
import { useStore } from '../context';
import { IMAGE_TYPES } from '../images';
import { Attachment } from './attachment';
import { ClipIcon, SendIcon, StopIcon } from './icons';

/** Textarea labelled "Message": Enter sends, Shift+Enter adds a line; Stop replaces Send while streaming. */
export function Composer() {
  const s = useStore();
  const l = s.l.value;
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const images = !!s.config.value?.allow_user_images;
  const busy = s.busy.value;
  const cooling = s.retryUntil.value > Date.now();
  const empty = !s.draft.value.trim() && !s.image.value;
  useEffect(() => input.current?.focus(), []);

  const send = () => {
    void s.send();
    input.current?.focus();
  };
  return (
    <>
      <Attachment />
      <div class="compose">
        {images && (
          <>
            <button type="button" class="icon" aria-label={l.t('attach')} onClick={() => file.current?.click()}>
              <ClipIcon />
            </button>
            <input
              ref={file}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              hidden
              onChange={(e) => {
                const el = e.currentTarget;
                void s.pickImage(el.files?.[0]);
                el.value = '';
              }}
            />
          </>
        )}
        <textarea
          ref={input}
          rows={1}
          aria-label={l.t('message')}
          placeholder={l.t('message')}
          value={s.draft.value}
          maxLength={MAX_MESSAGE_CHARS}
          onInput={(e) => {
            s.draft.value = e.currentTarget.value;
            s.typing(s.draft.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              if (!busy && !cooling) send();
            }
          }}
          onPaste={(e) => {
            const f = images && [...(e.clipboardData?.files || [])].find((x) => x.type.startsWith('image/'));
            if (!f) return;
            e.preventDefault();
            void s.pickImage(f);
          }}
        />
        {busy ? (
          <button type="button" class="icon primary" aria-label={l.t('stop')} onClick={s.stop}>
            <StopIcon />
          </button>
        ) : (
          <button type="button" class="icon primary send" aria-label={l.t('send')} disabled={empty || cooling} onClick={send}>
            <SendIcon />
          </button>
        )}
      </div>
    </>
  );
}
