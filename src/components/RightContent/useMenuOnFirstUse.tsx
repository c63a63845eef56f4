import { type KeyboardEvent, type ReactElement, type ReactNode, Suspense, startTransition, useState } from 'react';

/** What a lazily loaded header menu is given: whether it is open, and the button it wraps. */
export interface MenuOnFirstUseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}

/**
 * A header button whose dropdown menu's code arrives when it is first opened (antd's Dropdown and Menu, and their
 * styles, are left out of every page's first load), and which then opens at once. The button's props say it opens a
 * menu, open it by click, Enter, Space or ArrowDown, and keep the keyboard focus on it when the menu first wraps it.
 */
export function useMenuOnFirstUse() {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  // A transition keeps the button on screen (and focusable) while the menu's code loads.
  const openMenu = () =>
    startTransition(() => {
      setRequested(true);
      setOpen(true);
    });
  return {
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      // Wrapping the button in the menu mounts it anew; this keeps the keyboard focus on it.
      autoFocus: requested,
      // Once the menu is there, its own trigger handles clicks (Enter and Space click a button too).
      onClick: requested ? undefined : openMenu,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          openMenu();
        }
      },
    },
    /** The button alone until the menu is first asked for; then the menu (a lazy component) wrapping it. */
    render: (button: ReactElement, menu: (props: MenuOnFirstUseProps) => ReactNode) => (
      <Suspense fallback={button}>
        {requested ? menu({ open, onOpenChange: setOpen, children: button }) : button}
      </Suspense>
    ),
  };
}
