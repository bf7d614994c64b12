import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { parseListState, writeListState, type ListChange, type ListSpec, type ListState } from './list-state.ts';

/**
 * The URL as it is now, not as it was at the last render: two changes in a row (a click while the previous
 * navigation is still rendering) build on each other instead of the second undoing the first.
 */
function latestParams(rendered: URLSearchParams): URLSearchParams {
  return typeof window === 'undefined' ? rendered : new URLSearchParams(window.location.search);
}

export interface ListControl<F extends string, S extends string> extends ListState<F, S> {
  /** Applies a change (see `writeListState`): a new history entry, so Back returns to the previous state. */
  change: (change: ListChange<F, S>, opts?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSort: (sort: S) => void;
  setFilter: (name: F, value: string) => void;
}

/**
 * A list page's page, size, sort and filters, kept in the URL search params (`list-state.ts`). Declare `spec`
 * outside the component (a constant): it describes the list, it is not state.
 */
export function useListState<F extends string, S extends string>(spec: ListSpec<F, S>): ListControl<F, S> {
  const [params, setParams] = useSearchParams();
  const state = parseListState(spec, params);
  const change = (c: ListChange<F, S>, opts?: { replace?: boolean }) => {
    const current = latestParams(params);
    const next = writeListState(spec, current, c);
    if (next.toString() !== current.toString()) setParams(next, { replace: opts?.replace ?? false });
  };
  return {
    ...state,
    change,
    setPage: (page) => change({ page }),
    setSize: (size) => change({ size }),
    setSort: (sort) => change({ sort }),
    setFilter: (name, value) => change({ filters: { [name]: value } as Partial<Record<F, string>> }),
  };
}

/**
 * A text filter typed into a search box: the box answers at once, the URL follows 300 ms after the last key (replacing
 * the history entry, not one entry a key). A value coming from the URL (Back, a link) replaces what the box shows.
 */
export function useFilterText<F extends string, S extends string>(list: ListControl<F, S>, name: F, delay = 300) {
  const fromUrl = list.filters[name];
  const [text, setText] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  const [pushed, setPushed] = useState(fromUrl);
  if (fromUrl !== seen) {
    // The URL changed: by our own debounced push (keep what is being typed), or by navigation (show it).
    setSeen(fromUrl);
    if (fromUrl !== pushed) {
      setPushed(fromUrl);
      setText(fromUrl);
    }
  }
  const push = useDebouncedCallback((v: string) => {
    setPushed(v.trim());
    list.change({ filters: { [name]: v } as Partial<Record<F, string>> }, { replace: true });
  }, delay);
  return {
    value: text,
    set: (v: string) => {
      setText(v);
      push(v);
    },
  };
}

/**
 * One search param as a value (a detail page's tab): '' when absent. Setting it adds a history entry, so Back
 * returns to the previous value; '' removes it from the URL.
 */
export function useUrlParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const set = (v: string) => {
    const current = latestParams(params);
    if (v === (current.get(name) ?? '')) return;
    const next = new URLSearchParams(current);
    if (v) next.set(name, v);
    else next.delete(name);
    setParams(next);
  };
  return [value, set];
}

/**
 * One choice kept in the URL (a chart's period): one of `choices`, `fallback` when the URL has none or junk.
 * The fallback is left out of the URL.
 */
export function useUrlChoice<T extends string>(
  name: string,
  choices: readonly T[],
  fallback: T,
): [T, (value: string) => void] {
  const [raw, setRaw] = useUrlParam(name);
  const value = choices.find((c) => c === raw) ?? fallback;
  return [value, (v) => setRaw(v === fallback || !choices.some((c) => c === v) ? '' : v)];
}
