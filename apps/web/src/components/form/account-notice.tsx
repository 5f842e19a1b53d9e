import { type ReactNode, useEffect, useRef } from 'react';
import { AlertIcon, CheckCircleIcon, MailIcon } from '../ui/icons.tsx';

const TONES = {
  sent: { icon: MailIcon, look: 'bg-blue-50 text-blue-700' },
  done: { icon: CheckCircleIcon, look: 'bg-green-50 text-green-700' },
  problem: { icon: AlertIcon, look: 'bg-red-50 text-red-700' },
} as const;

interface AccountNoticeProps {
  testId: string;
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
  /** The way on (a link or button), under the text. */
  action?: ReactNode;
  /**
   * Whether the notice takes focus when it appears: when it replaces a form the reader just sent,
   * focus would otherwise be lost with the form, and the title is read out first.
   */
  takeFocus?: boolean;
}

/** What an account form ended in (a link was sent, the password saved, a link that does not work). */
export function AccountNotice({
  testId,
  tone,
  title,
  children,
  action,
  takeFocus = false,
}: AccountNoticeProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { icon: Icon, look } = TONES[tone];

  useEffect(() => {
    if (takeFocus) titleRef.current?.focus();
  }, [takeFocus]);

  return (
    <div data-testid={testId}>
      <div className={`mb-3 inline-flex rounded-full p-2.5 ${look}`}>
        <Icon className="size-6" />
      </div>
      <h2 ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-sm text-gray-700">{children}</div>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
