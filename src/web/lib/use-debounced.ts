import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (spec: content §2, suggestions after 500 ms). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
