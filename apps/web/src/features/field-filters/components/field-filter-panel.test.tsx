import type { FieldFilterParam } from '@karta/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import type { OfferedGroup } from '../utils/offered-filters.ts';
import { FieldFilterPanel, type FilterCount } from './field-filter-panel.tsx';
import { RANGE_DELAY_MS } from './range-inputs.tsx';

const defibrillator: OfferedGroup = {
  categorySlug: 'defibrillator',
  heading: 'Defibrillator',
  fields: [
    {
      key: 'access',
      type: 'enum',
      label: 'Access',
      options: [
        { value: 'yes', label: 'Public' },
        { value: 'customers', label: 'Customers only' },
      ],
    },
    { key: 'indoor', type: 'boolean', label: 'Indoor', options: [] },
    { key: 'level', type: 'integer', label: 'Floor', options: [] },
  ],
};
const foodBank: OfferedGroup = {
  categorySlug: 'food-bank',
  heading: 'Food bank',
  fields: [
    {
      key: 'languages',
      type: 'multi_enum',
      label: 'Languages spoken',
      options: [
        { value: 'hr', label: 'Croatian' },
        { value: 'uk', label: 'Ukrainian' },
      ],
    },
  ],
};

/** The panel over filters it keeps, as a page keeps them in its URL; every change is recorded. */
function renderPanel(
  initial: FieldFilterParam[] = [],
  groups: OfferedGroup[] = [defibrillator],
  count: FilterCount | null = { text: '12 places in view', total: 12 },
) {
  const changes: FieldFilterParam[][] = [];
  function Page() {
    const [filters, setFilters] = useState(initial);
    return (
      <>
        <FieldFilterPanel
          groups={groups}
          filters={filters}
          onChange={(next) => {
            changes.push(next);
            setFilters(next);
          }}
          count={count}
        />
        <button type="button">after</button>
      </>
    );
  }
  const user = userEvent.setup();
  renderWithApp(<Page />);
  return { user, changes };
}

const button = () => screen.getByTestId('field-filters-button');
const panel = () => screen.getByRole('region', { name: 'Filter by details' });

/** Presses Filters and waits for the sheet (its code is a chunk of its own). */
async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button());
  return screen.findByRole('region', { name: 'Filter by details' });
}

describe('the field filter panel', () => {
  it('shows nothing when no chosen category has a filterable field', () => {
    renderPanel([], []);
    expect(screen.queryByTestId('field-filters-button')).toBeNull();
  });

  it('counts the filters on in its button, and lists them while closed, each removable', async () => {
    const { user, changes } = renderPanel([
      { key: 'access', values: ['customers', 'yes'] },
      { key: 'indoor', values: ['true'] },
      { key: 'level', values: [], min: '1' },
    ]);
    expect(button()).toHaveAccessibleName('Filters, 3 active');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('field-filters-badge')).toHaveTextContent('3');
    const active = within(screen.getByTestId('active-field-filters'));
    expect(active.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Access: Public, Customers only',
      'Indoor: Yes',
      'Floor: from 1',
    ]);
    await user.click(active.getByRole('button', { name: 'Remove filter Indoor: Yes' }));
    expect(changes.at(-1)).toEqual([
      { key: 'access', values: ['customers', 'yes'] },
      { key: 'level', values: [], min: '1' },
    ]);
    expect(button()).toHaveAccessibleName('Filters, 2 active');
  });

  it('opens as a region after its button, takes the focus, says the count, and gives the focus back on Escape', async () => {
    const { user } = renderPanel();
    expect(button()).toHaveAccessibleName('Filters');
    await openPanel(user);
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', panel().id);
    expect(within(panel()).getByRole('heading', { name: 'Filter by details' })).toHaveFocus();
    const count = screen.getByTestId('field-filters-count');
    expect(count).toHaveTextContent('12 places in view');
    expect(count).toHaveAttribute('data-total', '12');
    expect(count).toHaveAttribute('aria-live', 'polite');
    // The Tab order runs from the heading into the panel.
    await user.tab();
    expect(within(panel()).getByRole('button', { name: 'Close filters' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Filter by details' })).toBeNull();
    expect(button()).toHaveFocus();
  });

  it('offers yes/no and one choice as chips with "Any" first: any of the choices, one answer of yes/no', async () => {
    const { user, changes } = renderPanel();
    await openPanel(user);
    const access = within(within(panel()).getByRole('group', { name: 'Access' }));
    expect(access.getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(access.getByRole('button', { name: 'Public' }));
    await user.click(access.getByRole('button', { name: 'Customers only' }));
    expect(changes.at(-1)).toEqual([{ key: 'access', values: ['customers', 'yes'] }]);
    expect(access.getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true');
    expect(access.getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'false');

    const indoor = within(within(panel()).getByRole('group', { name: 'Indoor' }));
    await user.click(indoor.getByRole('button', { name: 'No' }));
    await user.click(indoor.getByRole('button', { name: 'Yes' }));
    expect(changes.at(-1)).toEqual([
      { key: 'access', values: ['customers', 'yes'] },
      { key: 'indoor', values: ['true'] },
    ]);
    await user.click(indoor.getByRole('button', { name: 'Any' }));
    expect(changes.at(-1)).toEqual([{ key: 'access', values: ['customers', 'yes'] }]);
  });

  it('offers several choices as checkboxes, any of those ticked, under each category’s name', async () => {
    const { user, changes } = renderPanel([], [defibrillator, foodBank]);
    await openPanel(user);
    expect(
      within(panel())
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Defibrillator', 'Food bank']);
    const languages = within(panel()).getByRole('group', { name: 'Languages spoken' });
    expect(languages).toHaveAccessibleDescription('Places with any of those ticked');
    await user.click(within(languages).getByRole('checkbox', { name: 'Ukrainian' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'Croatian' }));
    expect(changes.at(-1)).toEqual([{ key: 'languages', values: ['hr', 'uk'] }]);
    await user.click(within(languages).getByRole('checkbox', { name: 'Ukrainian' }));
    expect(changes.at(-1)).toEqual([{ key: 'languages', values: ['hr'] }]);
  });

  it('takes a number range when the typing pauses or the field is left, and refuses a "From" above the "To"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, changes } = renderPanel();
      await openPanel(user);
      const floor = within(within(panel()).getByRole('group', { name: 'Floor' }));
      await user.type(floor.getByLabelText('From'), '2');
      expect(changes).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(RANGE_DELAY_MS));
      expect(changes.at(-1)).toEqual([{ key: 'level', values: [], min: '2' }]);

      await user.type(floor.getByLabelText('To'), '1');
      await user.tab();
      expect(floor.getByText('“From” must not be more than “To”.')).toBeInTheDocument();
      expect(floor.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
      expect(floor.getByLabelText('From')).toHaveAccessibleDescription('“From” must not be more than “To”.');
      await act(() => vi.advanceTimersByTimeAsync(RANGE_DELAY_MS));
      expect(changes).toHaveLength(1);

      await user.clear(floor.getByLabelText('To'));
      await user.type(floor.getByLabelText('To'), '4{Enter}');
      expect(changes.at(-1)).toEqual([{ key: 'level', values: [], min: '2', max: '4' }]);
      expect(floor.queryByTestId('range-problem')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears every filter with "Clear filters", offered only while some are on, and closes with "Show places"', async () => {
    const { user, changes } = renderPanel([{ key: 'indoor', values: ['false'] }]);
    await openPanel(user);
    const clear = within(panel()).getByRole('button', { name: 'Clear filters' });
    await user.click(clear);
    expect(changes.at(-1)).toEqual([]);
    expect(clear).toBeDisabled();
    await user.click(within(panel()).getByRole('button', { name: 'Show places' }));
    expect(screen.queryByRole('region', { name: 'Filter by details' })).toBeNull();
    expect(button()).toHaveFocus();
    expect(button()).toHaveAccessibleName('Filters');
  });

  it('says nothing of a count while the places are counted', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <FieldFilterPanel groups={[defibrillator]} filters={[]} onChange={() => {}} count={null} />,
    );
    await openPanel(user);
    expect(screen.getByTestId('field-filters-count')).toBeEmptyDOMElement();
  });
});
