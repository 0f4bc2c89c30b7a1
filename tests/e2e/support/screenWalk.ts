import type { Page } from '@playwright/test';
import type { AdminApi } from './api';
import type { WalkSeed } from './seed';
import type { Lang } from './session';

/** The two screens every screen must fit without scrolling sideways: a laptop and a phone. */
export const SIZES = { desktop: { width: 1280, height: 720 }, phone: { width: 390, height: 844 } } as const;
export type Size = keyof typeof SIZES;

export interface WalkContext {
  page: Page;
  api: AdminApi;
  seed: WalkSeed;
  lang: Lang;
  size: Size;
  /** The English or the German text, by the walk's language. */
  t: (en: string, de: string) => string;
}

export interface ScreenState {
  name: string;
  /** From the screen as `ready` left it (or as the previous state's `close` left it) to this state, visible. */
  open: (ctx: WalkContext) => Promise<void>;
  /** Back to the screen's own state, so that the next state can start from there. */
  close?: (ctx: WalkContext) => Promise<void>;
  /** The one size that has this state (rows are selected in tables, which phones show as cards); both by default. */
  only?: Size;
}

export interface WalkScreen {
  name: string;
  path: (seed: WalkSeed) => string;
  /** The login page: visited signed out. */
  signedOut?: boolean;
  /** Runs before the page is opened (e.g. puts a mail in the queue). */
  before?: (ctx: WalkContext) => Promise<void>;
  /** Waits until the screen shows its content. */
  ready: (ctx: WalkContext) => Promise<void>;
  states?: ScreenState[];
  /** Runs after the last state (e.g. ends the answers `before` set up, which would outlive the screen on the walk's page). */
  after?: (ctx: WalkContext) => Promise<void>;
}

/** Opens a screen in a signed-in (or, for the login page, signed-out) page and waits for its content. */
export async function openScreen(ctx: WalkContext, screen: WalkScreen): Promise<void> {
  await screen.before?.(ctx);
  await ctx.page.goto(screen.path(ctx.seed));
  await screen.ready(ctx);
}

/** Every state of a screen in order, `check` run on the screen and on each state. */
export async function walkScreen(
  ctx: WalkContext,
  screen: WalkScreen,
  check: (label: string) => Promise<void>,
): Promise<void> {
  await openScreen(ctx, screen);
  await check(screen.name);
  for (const state of screen.states ?? []) {
    if (state.only && state.only !== ctx.size) continue;
    await state.open(ctx);
    await check(`${screen.name} › ${state.name}`);
    await state.close?.(ctx);
  }
  await screen.after?.(ctx);
}

export const translator = (lang: Lang) => (en: string, de: string) => (lang === 'de' ? de : en);
