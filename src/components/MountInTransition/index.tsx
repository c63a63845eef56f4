import { type ReactNode, startTransition, useEffect, useState } from 'react';
import Loading from '@/loading';

/**
 * Draws the app shell first and the app itself in a transition, which React renders in slices of a few milliseconds,
 * so a phone can paint and answer a tap between them. Rendered at once, the first screen was one task of 150-400 ms
 * at a phone's speed (most of the 0.8-1.3 s a tap waited on /home in bench:lighthouse). The shell is the picture the
 * document and the loading screen already show (config/shell.ts), so nothing on screen changes in between.
 */
export default function MountInTransition({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : <Loading />;
}
