import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** §3 Toast; `duration` in ms, `Infinity` keeps it until closed. */
export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
}

/** §9: toasts disappear after 5000 ms unless told otherwise. */
export const TOAST_DEFAULT_DURATION = 5000;

const toastSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] as Toast[] },
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
        if (state.items.length > 5) state.items.shift();
      },
      prepare(input: { type: ToastType; message: string; duration?: number }) {
        return { payload: { id: nanoid(), duration: TOAST_DEFAULT_DURATION, ...input } };
      },
    },
    toastClosed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
export const toastReducer = toastSlice.reducer;
export const selectToasts = (state: { toasts: { items: Toast[] } }) => state.toasts.items;

export const toastSuccess = (message: string) => toastShown({ type: 'success', message });
export const toastError = (message: string) => toastShown({ type: 'error', message });
export const toastWarning = (message: string) => toastShown({ type: 'warning', message });
