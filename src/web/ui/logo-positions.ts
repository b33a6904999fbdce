import { LOGO_POSITIONS, type LogoPosition } from '../../common/catalogue-values.ts';

/** Where a logo sits in the frame, along the block (top, bottom) and inline (left, right) axes. */
export type LogoPlacement = { block: 'start' | 'end'; inline: 'start' | 'center' | 'end' };

const PLACEMENTS: Record<LogoPosition, LogoPlacement> = {
  top_left: { block: 'start', inline: 'start' },
  top_center: { block: 'start', inline: 'center' },
  top_right: { block: 'start', inline: 'end' },
  bottom_left: { block: 'end', inline: 'start' },
  bottom_center: { block: 'end', inline: 'center' },
  bottom_right: { block: 'end', inline: 'end' },
};

/**
 * The placement of the logo in the example frame. A video frame is a picture: its left corner is
 * the left corner in every interface language, so the example is drawn with dir="ltr" and inline
 * start means left there, even on Arabic pages.
 */
export function logoPlacement(position: LogoPosition): LogoPlacement {
  return PLACEMENTS[position];
}

/** Classes of the logo square in the example frame (video-page.css). */
export function logoMarkClass(position: LogoPosition): string {
  const { block, inline } = logoPlacement(position);
  return `logo-example__mark logo-example__mark--block-${block} logo-example__mark--inline-${inline}`;
}

/** Spec (accounts §9, content §2) lists six positions; a broadcaster's bug usually sits top right. */
export const DEFAULT_LOGO_POSITION: LogoPosition = 'top_right';

/** The positions the formats call offers, in the spec's order; all six until it has answered. */
export function offeredLogoPositions(offered: readonly LogoPosition[] | undefined): LogoPosition[] {
  if (!offered) return [...LOGO_POSITIONS];
  return LOGO_POSITIONS.filter((position) => offered.includes(position));
}

export const LOGO_POSITION_KEYS: Record<LogoPosition, string> = {
  top_left: 'video.logo.top_left',
  top_center: 'video.logo.top_center',
  top_right: 'video.logo.top_right',
  bottom_left: 'video.logo.bottom_left',
  bottom_center: 'video.logo.bottom_center',
  bottom_right: 'video.logo.bottom_right',
};
