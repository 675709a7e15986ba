import { useStore } from '../context';

/** Preview of the picked image before it is sent, with a way to take it back. */
export function Attachment() {
  const s = useStore();
  const img = s.image.value;
  if (!img) return null;
  const l = s.l.value;
  return (
    <div class="thumb">
      <img src={img.dataUrl} alt={l.t('yourImage')} />
      <span>{img.name}</span>
      <button type="button" onClick={() => (s.image.value = null)}>
        {l.t('removeImage')}
      </button>
    </div>
  );
}
