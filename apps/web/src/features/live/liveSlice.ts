import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** 'idle' before any screen asked for live updates; 'disconnected' while they are paused. */
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

const liveSlice = createSlice({
  name: 'live',
  initialState: { status: 'idle' as LiveStatus },
  reducers: {
    liveStatusChanged(state, action: PayloadAction<LiveStatus>) {
      state.status = action.payload;
    },
  },
});

export const { liveStatusChanged } = liveSlice.actions;
export const liveReducer = liveSlice.reducer;
export const selectLiveStatus = (state: { live: { status: LiveStatus } }) => state.live.status;
