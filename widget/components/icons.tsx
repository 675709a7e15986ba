// Inline SVG icons: no icon font or image request, and fine under a strict CSP.
const path = (d: string) => () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d={d} />
  </svg>
);
export const ChatIcon = path('M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z');
export const CloseIcon = path('M6 6l12 12M18 6L6 18');
export const SendIcon = path('M4 12l16-8-6 16-2-6-8-2z');
export const StopIcon = path('M7 7h10v10H7z');
export const ClipIcon = path('M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7');
export const NewIcon = path('M12 5v14M5 12h14');
export const UpIcon = path('M7 11v9H4v-9h3zm0 0l4-8a2 2 0 0 1 3 2l-1 4h6a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 2H7');
export const DownIcon = path('M17 13V4h3v9h-3zm0 0l-4 8a2 2 0 0 1-3-2l1-4H5a2 2 0 0 1-2-2l2-7a2 2 0 0 1 2-2h10');
export const ExpandIcon = path('M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7');
export const ShrinkIcon = path('M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7');
