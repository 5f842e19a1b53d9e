import type { CurrentUser } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabLinks } from '../../../components/ui/tab-links.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { hasRole, StaffGate, type StaffRole } from './staff-gate.tsx';

const SCREENS = [
  { value: 'review', href: '/review', role: 'moderator' },
  { value: 'flags', href: '/flags', role: 'moderator' },
  { value: 'checking', href: '/checking', role: 'moderator' },
  { value: 'categories', href: '/categories', role: 'moderator' },
  { value: 'import', href: '/import', role: 'moderator' },
  { value: 'users', href: '/users', role: 'admin' },
  { value: 'jobs', href: '/jobs', role: 'admin' },
  { value: 'audit', href: '/audit', role: 'admin' },
  { value: 'webhooks', href: '/webhooks', role: 'admin' },
] as const;

export type StaffScreen = (typeof SCREENS)[number]['value'];

/** Links between the staff screens the signed-in user may open. */
function StaffNav({ current }: { current: StaffScreen }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const tabs = SCREENS.filter((screen) => hasRole(user, screen.role)).map((screen) => ({
    value: screen.value,
    href: screen.href,
    label: t(`staff.nav.${screen.value}`),
  }));
  return <TabLinks tabs={tabs} current={current} label={t('staff.nav.label')} />;
}

interface StaffPageProps {
  screen: StaffScreen;
  requires: StaffRole;
  title: string;
  intro: string;
  children(user: CurrentUser): ReactNode;
}

/** The frame of a staff screen: its title, links to the other staff screens, and the role check. */
export function StaffPage({ screen, requires, title, intro, children }: StaffPageProps) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8" data-testid={`${screen}-page`}>
      <StaffNav current={screen} />
      <h1 className="mt-5 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 mb-5 text-sm text-gray-600">{intro}</p>
      <StaffGate requires={requires}>{children}</StaffGate>
    </div>
  );
}
