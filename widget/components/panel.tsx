import { useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '../context';
import { ActionBar } from './action-bar';
import { Composer } from './composer';
import { ContactForm } from './contact-form';
import { ErrorLine } from './error-line';
import { Header } from './header';
import { MessageList } from './message-list';
import { NoticeBanner } from './notice-banner';
import { followVisualViewport } from '../viewport';

/** The chat dialog. Non-modal: the host page stays usable, Escape closes it. */
export function Panel() {
  const s = useStore();
  const l = s.l.value;
  const images = !!s.config.value?.allow_user_images;
  const [drag, setDrag] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // A focused control that goes away (a suggestion once sent, Retry, the handoff or contact
  // buttons, the contact form) would drop focus to the page's <body>, far from the chat for a
  // keyboard user. Hand it to the composer instead, unless focus already moved elsewhere.
  useEffect(() => {
    const el = ref.current!;
    let last: Element | null = null;
    const mo = new MutationObserver(() => {
      if (last && !last.isConnected && document.activeElement === document.body) el.querySelector('textarea')?.focus();
    });
    mo.observe(el, { childList: true, subtree: true });
    const track = (e: FocusEvent) => (last = e.target as Element);
    el.addEventListener('focusin', track);
    const unfollow = followVisualViewport(el);
    return () => {
      mo.disconnect();
      unfollow();
    };
  }, []);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDrag(false);
    void s.pickImage(e.dataTransfer?.files?.[0]);
  };
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby="cw-name"
      class={drag ? 'panel drop' : 'panel'}
      dir={l.dir}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        s.close();
      }}
      {...(images && {
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          setDrag(true);
        },
        onDragLeave: () => setDrag(false),
        onDrop,
      })}
    >
      <Header />
      <NoticeBanner />
      <MessageList />
      <ActionBar />
      <ContactForm />
      <ErrorLine />
      <Composer />
    </div>
  );
}
