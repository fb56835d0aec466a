import { setupServer } from 'msw/node';

/** Every unit test talks to this fetch-level mock; each test adds the handlers it needs. */
export const server = setupServer();

/** Absolute API URLs as the app calls them under jsdom. */
export const api = (path: string) => `${window.location.origin}/api/v1${path}`;
