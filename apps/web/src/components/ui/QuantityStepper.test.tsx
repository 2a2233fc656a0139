import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './QuantityStepper.tsx';

const shown = () => screen.getByLabelText('Quantity', { selector: 'output' }).textContent;

function Harness({ start = 1, max = 10, onLimit }: { start?: number; max?: number; onLimit?: (edge: 'min' | 'max') => void }) {
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} max={max} onChange={setValue} onLimit={onLimit} label="Quantity of Kurta" />;
}

describe('QuantityStepper', () => {
  it('steps up and down by one', async () => {
    render(<Harness start={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(shown()).toBe('4');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(shown()).toBe('3');
  });

  it('stops at the maximum and says so instead of going past it', async () => {
    const onLimit = vi.fn();
    render(<Harness start={9} max={10} onLimit={onLimit} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(plus);
    expect(shown()).toBe('10');
    expect(onLimit).toHaveBeenCalledWith('max');
  });

  it('never goes below the minimum', async () => {
    const onLimit = vi.fn();
    render(<Harness start={1} onLimit={onLimit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(shown()).toBe('1');
    expect(onLimit).toHaveBeenCalledWith('min');
  });

  it('waits while a change is being saved', async () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={2} max={10} onChange={onChange} busy />);
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Quantity of Kurta' })).toBeTruthy();
  });
});
