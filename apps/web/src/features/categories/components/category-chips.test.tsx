import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { CategoryChips } from './category-chips.tsx';

const categories = [
  { slug: 'pharmacy', name: 'Pharmacy', color: '#dc2626' },
  { slug: 'shelter', name: 'Shelter', color: '#2563eb' },
  { slug: 'water', name: 'Drinking water', color: '#0891b2' },
];

describe('CategoryChips', () => {
  it('shows "All" pressed when there is no filter', () => {
    renderWithApp(<CategoryChips categories={categories} selected={[]} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Shelter' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('turns a category on', async () => {
    const onChange = vi.fn();
    renderWithApp(<CategoryChips categories={categories} selected={['shelter']} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Shelter' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Pharmacy' }));
    expect(onChange).toHaveBeenCalledWith(['pharmacy', 'shelter']);
  });

  it('turns a category off', async () => {
    const onChange = vi.fn();
    renderWithApp(
      <CategoryChips categories={categories} selected={['pharmacy', 'shelter']} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Shelter' }));
    expect(onChange).toHaveBeenCalledWith(['pharmacy']);
  });

  it('clears the filter with "All", and when every category is chosen', async () => {
    const onChange = vi.fn();
    renderWithApp(
      <CategoryChips categories={categories} selected={['pharmacy', 'shelter']} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Drinking water' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
