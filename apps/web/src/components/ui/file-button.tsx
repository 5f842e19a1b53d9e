import { type ReactNode, type Ref, useId } from 'react';

interface FileButtonProps {
  /** The file types the browser's chooser offers (a phone then offers its camera for images). */
  accept: string;
  multiple?: boolean;
  testId: string;
  /** The button's look (one of buttonStyles) and any spacing. */
  className: string;
  children: ReactNode;
  /** The files chosen; not called when the chooser was closed without any. */
  onFiles(files: File[]): void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A button that opens the browser's file chooser: a label styled as a button around a visually
 * hidden file input, so it looks like the other buttons, is reached by Tab (the input keeps the
 * focus, the label shows its ring) and is named by its own text. Choosing the same file twice in
 * a row works: the input is emptied after each choice.
 */
export function FileButton({
  accept,
  multiple,
  testId,
  className,
  children,
  onFiles,
  inputRef,
}: FileButtonProps) {
  const inputId = useId();
  return (
    <label
      htmlFor={inputId}
      className={`${className} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700 has-[:focus-visible]:ring-offset-2`}
    >
      {children}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
