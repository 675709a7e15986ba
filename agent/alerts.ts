// Getting the agent's attention (issue 14): an unread count in the tab title, a desktop
// notification (after the agent allowed it, on a click), and a short tone that can be turned
// off (remembered in localStorage). The tone is synthesized with WebAudio: no audio file to
// fetch, nothing for the CSP to allow.
import { signal } from '@preact/signals';

export const SOUND_KEY = 'chat-console-sound';
export const TITLE = 'Agent console';

function readSound(storage: Storage | null): boolean {
  try {
    return storage?.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function createAlerts(storage: Storage | null) {
  const unread = signal(0);
  const sound = signal(readSound(storage));
  const permission = signal<NotificationPermission | 'unsupported'>(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  let audio: AudioContext | null = null;

  function showTitle() {
    if (typeof document !== 'undefined') document.title = unread.value ? `(${unread.value}) ${TITLE}` : TITLE;
  }

  function beep() {
    if (!sound.value || typeof AudioContext === 'undefined') return;
    try {
      audio ??= new AudioContext();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch {
      // Audio refused (autoplay rules before any click): the title and notification still tell.
    }
  }

  return {
    unread,
    sound,
    permission,
    /** Something needs the agent: count it, sound it, and notify when the tab is not in view. */
    alert(title: string, body: string) {
      unread.value += 1;
      showTitle();
      beep();
      const away = typeof document !== 'undefined' && (document.visibilityState === 'hidden' || !document.hasFocus());
      if (away && permission.value === 'granted') {
        try {
          new Notification(title, { body, tag: 'chat-console' });
        } catch {
          // Some browsers allow notifications only from a service worker: the title still counts.
        }
      }
    },
    /** The agent looked: the count goes. */
    seen() {
      if (!unread.value) return;
      unread.value = 0;
      showTitle();
    },
    toggleSound() {
      sound.value = !sound.value;
      try {
        storage?.setItem(SOUND_KEY, sound.value ? 'on' : 'off');
      } catch {
        // Not remembered; the choice holds for this page.
      }
    },
    /** Must run from a click: browsers ask only in answer to the user. */
    async askPermission() {
      if (typeof Notification === 'undefined') return;
      permission.value = await Notification.requestPermission();
    },
    reset() {
      unread.value = 0;
      showTitle();
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
