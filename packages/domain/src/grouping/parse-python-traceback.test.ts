import { describe, expect, it } from 'vitest';
import { parsePythonTraceback } from './parse-python-traceback.js';

const chained = `Traceback (most recent call last):
  File "/srv/app/payments.py", line 12, in charge
    return gateway.charge(amount)
  File "/usr/lib/python3.11/site-packages/gateway/client.py", line 88, in charge
    raise ConnectionError("timeout after 30s")
ConnectionError: timeout after 30s

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/srv/app/views.py", line 40, in checkout
    charge(order.total)
    ~~~~~~^^^^^^^^^^^^^
  File "/srv/app/payments.py", line 14, in charge
    raise PaymentError(f"order {order_id} failed") from exc
app.errors.PaymentError: order 991 failed
`;

describe('parsePythonTraceback', () => {
  it('reads frames oldest first with file, line, function and code line', () => {
    const parsed = parsePythonTraceback(chained);
    expect(parsed?.type).toBe('app.errors.PaymentError');
    expect(parsed?.value).toBe('order 991 failed');
    expect(parsed?.frames).toEqual([
      { filename: '/srv/app/views.py', lineno: 40, function: 'checkout', context_line: 'charge(order.total)' },
      { filename: '/srv/app/payments.py', lineno: 14, function: 'charge', context_line: 'raise PaymentError(f"order {order_id} failed") from exc' },
    ]);
  });

  it('turns "direct cause" and "during handling" sections into the cause chain', () => {
    const parsed = parsePythonTraceback(chained);
    expect(parsed?.cause_relation).toBe('cause');
    expect(parsed?.cause?.type).toBe('ConnectionError');
    expect(parsed?.cause?.frames).toHaveLength(2);
    const context = parsePythonTraceback(
      'Traceback (most recent call last):\n  File "a.py", line 1, in f\n    x()\nKeyError: 1\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File "a.py", line 3, in f\n    y()\nValueError: bad',
    );
    expect(context?.type).toBe('ValueError');
    expect(context?.cause_relation).toBe('context');
    expect(context?.cause?.type).toBe('KeyError');
  });

  it('returns undefined for text without a traceback', () => {
    expect(parsePythonTraceback('just a message')).toBeUndefined();
  });
});
