import type { ArtName } from './step-art.tsx';

export interface TutorialStep {
  title: string;
  art: ArtName;
  /** "{tap}"/"{Tap}" become "click" on a desktop (lib/ui/pointer-verb.ts). */
  text: string;
}

/**
 * The same walk-through on the Help page and in the overlay after sign-in. Every sentence is
 * about something the app does today: e2e/help-claims.e2e.ts holds each one with its proof.
 */
export const tutorialSteps: TutorialStep[] = [
  {
    title: 'Add a spot',
    art: 'tap-map',
    text: '{Tap} Add a spot, then {tap} the map where you found something, or move the map until the place is under the crosshair and choose Place at crosshair.',
  },
  {
    title: 'Use your position',
    art: 'locate',
    text: 'Standing in the patch? Add a spot here averages your position for a few seconds, showing its accuracy, so the spot is right even under trees. The target button centres the map on you.',
  },
  {
    title: 'Search for a place',
    art: 'search',
    text: 'Type a village, trail or landmark into the map search to jump there before adding the spot.',
  },
  {
    title: 'Draw its patch',
    art: 'patch',
    text: 'Open the spot and choose Draw patch, then outline the area it covers corner by corner, so you remember exactly where to look next time.',
  },
  {
    title: 'Add an entry with photos',
    art: 'entry',
    text: 'Open the spot and add a dated entry: what you found, how much, a few notes and photos.',
  },
  {
    title: 'Find it again',
    art: 'list',
    text: 'The Locations page lists every spot to search and filter. A spot shows its coordinates, Directions opens your maps app, and Guide me points the way with distance and an arrow, even with no signal.',
  },
];

const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** "six steps": the count as Help says it, always the list's own length. */
export function stepCount(count: number = tutorialSteps.length): string {
  return `${numberWords[count] ?? String(count)} ${count === 1 ? 'step' : 'steps'}`;
}
