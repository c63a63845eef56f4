import { type CSSProperties, createContext, type ReactNode, useContext, useEffect, useRef } from 'react';

/** True once the flow around has drawn its first step: a heading that arrives later is a step the person moved to. */
const MovedToStep = createContext(false);

/**
 * A flow of steps (booking, group booking) in which each new step's heading takes the focus, so a keyboard or screen
 * reader user lands on the step they moved to instead of on <body> (the button they pressed has left the screen).
 * The first step leaves the focus where the page put it.
 */
export function StepFocusScope({ children }: { children: ReactNode }) {
  const drawn = useRef(false);
  useEffect(() => {
    drawn.current = true;
  }, []);
  return <MovedToStep.Provider value={drawn.current}>{children}</MovedToStep.Provider>;
}

interface Props {
  id: string;
  children: ReactNode;
  style?: CSSProperties;
}

/** A step's heading: focused when it arrives as the next step of a StepFocusScope. */
export default function StepHeading({ id, children, style }: Props) {
  const moved = useContext(MovedToStep);
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={heading} tabIndex={-1} style={{ fontSize: 20, ...style }}>
      {children}
    </h2>
  );
}
