import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import '../../styles/journal.css';
import { onWindowEvent } from '../window-events.ts';

// Open dialogs, innermost last: a back press or Esc closes only the top one.
const openStack: symbol[] = [];

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)];
}

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Extra class on the panel (e.g. a full-screen photo viewer). */
  className?: string;
  /** Hide the visible heading when the content names itself (the viewer); it still labels. */
  hideTitle?: boolean;
  /** A "Close" button (×) beside the title, for dialogs without a Cancel of their own. */
  closeButton?: boolean;
}

/**
 * A modal dialog in a portal, so a bottom sheet's transform cannot clip it: focus moves in
 * and stays in (Tab wraps), Esc and the back button's close request close it, and focus
 * returns where it was.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  className,
  hideTitle,
  closeButton,
}: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const me = Symbol('modal');
    openStack.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (root) (focusablesIn(root)[0] ?? root).focus();
    // Capture phase and stopImmediatePropagation: the top dialog handles the request alone,
    // before any sheet underneath that also listens for it. preventDefault is the answer the
    // back button reads synchronously from dispatchEvent: "a modal closed, stop there".
    const stopListening = onWindowEvent(
      'closeTopModal',
      (event) => {
        if (openStack[openStack.length - 1] !== me) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        closeRef.current();
      },
      { capture: true },
    );
    // Esc while focus has left the panel (its button vanished, e.g. "Cancel" when a download
    // ends): the panel's own handler never sees it, so the top dialog takes it here.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (openStack[openStack.length - 1] !== me) return;
      event.preventDefault();
      closeRef.current();
    };
    window.addEventListener('keydown', onEscape);
    return () => {
      stopListening();
      window.removeEventListener('keydown', onEscape);
      openStack.splice(openStack.indexOf(me), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const root = panel.current;
    if (event.key !== 'Tab' || !root) return;
    const items = focusablesIn(root);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal-panel${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
      >
        <div className="modal-heading">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          {closeButton && (
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
