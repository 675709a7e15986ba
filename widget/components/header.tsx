import { useStore } from '../context';
import { safeImage } from '../url';
import { CloseIcon, ExpandIcon, NewIcon, ShrinkIcon } from './icons';

/** Bot name (the dialog's label), optional title/subtitle/avatar, and the panel's own buttons. */
export function Header() {
  const s = useStore();
  const c = s.config.value!;
  const w = c.widget_settings || {};
  const l = s.l.value;
  const avatar = safeImage(typeof w.avatar_url === 'string' ? w.avatar_url : null);
  const title = typeof w.title === 'string' && w.title !== c.bot_name ? w.title : '';
  const subtitle = typeof w.subtitle === 'string' ? w.subtitle : '';
  const big = s.expanded.value;
  return (
    <div class="head">
      {avatar && <img src={avatar} alt="" referrerpolicy="no-referrer" />}
      <div class="who">
        {title && <p>{title}</p>}
        <h2 id="cw-name">{c.bot_name}</h2>
        {subtitle && <p>{subtitle}</p>}
      </div>
      <button type="button" aria-label={l.t('newChat')} onClick={s.reset}>
        <NewIcon />
      </button>
      {!s.inline && (
        <>
          {/* Desktop only (CSS hides it on small screens, where the panel is full screen anyway). */}
          <button type="button" class="expand" aria-label={l.t(big ? 'shrink' : 'expand')} aria-pressed={big} onClick={() => (s.expanded.value = !big)}>
            {big ? <ShrinkIcon /> : <ExpandIcon />}
          </button>
          <button type="button" aria-label={l.t('minimize')} onClick={s.close}>
            <CloseIcon />
          </button>
        </>
      )}
    </div>
  );
}
