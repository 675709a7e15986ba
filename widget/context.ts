import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Store } from './state';

export const StoreContext = createContext<Store | null>(null);

/** The store of the widget this component belongs to (several can exist in tests). */
export function useStore(): Store {
  return useContext(StoreContext)!;
}
