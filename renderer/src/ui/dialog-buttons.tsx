/** One button of a dialog's footer row. */
export interface DialogButton {
  label: string;
  /** Runs on click; omit it for a button that submits `form`. */
  onClick?: () => void;
  /** Id of the form this button submits (Enter in the form does the same). */
  form?: string;
  disabled?: boolean;
  /** `primary` for the action the dialog is for, `danger` when it destroys something. */
  tone?: 'primary' | 'danger';
  /** The button the dialog focuses when it opens. */
  autoFocus?: boolean;
}

const toneClass = { primary: 'primary', danger: 'danger' } as const;

/**
 * The row of buttons in a dialog's footer (pass it as `<Dialog footer>`), in the order given:
 * every dialog's Close, Cancel and confirm buttons come out of this one place.
 */
export function DialogButtons({ buttons }: { buttons: DialogButton[] }) {
  return (
    <>
      {buttons.map((button) => (
        <button
          key={button.label}
          type={button.form ? 'submit' : 'button'}
          form={button.form}
          className={button.tone ? toneClass[button.tone] : undefined}
          disabled={button.disabled}
          onClick={button.onClick}
          data-autofocus={button.autoFocus ? true : undefined}
        >
          {button.label}
        </button>
      ))}
    </>
  );
}
