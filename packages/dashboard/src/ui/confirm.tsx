/**
 * An in-page confirmation built on <dialog>: it traps focus, closes on Escape
 * and returns focus to the trigger, which window.confirm() also does but
 * without letting us name the action on its button ("Delete template").
 */
import { render } from 'preact';
import { useRef, useState } from 'preact/hooks';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** When set, the user must type this text (e.g. their email) to enable the button. */
  requireText?: string;
  danger?: boolean;
}

function ConfirmDialog(props: ConfirmOptions & { done: (ok: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const ref = useRef<HTMLDialogElement>(null);
  const ready = props.requireText === undefined || typed === props.requireText;
  return (
    <dialog
      ref={ref}
      class="confirm"
      aria-labelledby="confirm-title"
      onClose={() => props.done(ref.current?.returnValue === 'ok')}
    >
      <form method="dialog">
        <h2 id="confirm-title">{props.title}</h2>
        <p>{props.message}</p>
        {props.requireText !== undefined && (
          <label class="field">
            <span>
              Type <strong>{props.requireText}</strong> to confirm
            </span>
            <input value={typed} onInput={(e) => setTyped(e.currentTarget.value)} autocomplete="off" />
          </label>
        )}
        <div class="actions">
          <button value="cancel" type="submit" class="secondary">
            Cancel
          </button>
          <button value="ok" type="submit" class={props.danger ? 'danger' : ''} disabled={!ready}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export function confirmAction(opts: ConfirmOptions): Promise<boolean> {
  const host = document.createElement('div');
  document.body.append(host);
  const previous = document.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      render(null, host);
      host.remove();
      previous?.focus();
      resolve(ok);
    };
    render(<ConfirmDialog {...opts} done={done} />, host);
    host.querySelector('dialog')?.showModal();
  });
}
