import type { ArtName } from './step-art.tsx';

export interface TutorialStep {
  title: string;
  art: ArtName;
  text: string;
}

/** The same walk-through on the Help page and in the overlay after sign-in. */
export const tutorialSteps: TutorialStep[] = [
  {
    title: 'Add a spot',
    art: 'tap-map',
    text: 'On the map, tap where you found something. You can also use your current position or search for a place name.',
  },
  {
    title: 'Use your position',
    art: 'locate',
    text: 'Standing in the patch? The locate button drops the spot right where you are, even with weak signal.',
  },
  {
    title: 'Search for a place',
    art: 'search',
    text: 'Type a village, trail or landmark into the map search to jump there before adding the spot.',
  },
  {
    title: 'Draw its patch',
    art: 'patch',
    text: 'Outline the area the spot covers, point by point, so you remember exactly where to look next time.',
  },
  {
    title: 'Add an entry with photos',
    art: 'entry',
    text: 'Open the spot and add a dated entry: what you found, how much, a few notes and photos.',
  },
  {
    title: 'Find it again',
    art: 'list',
    text: 'The Locations page lists every spot. Search, filter by category or species, and pick one to open it on the map.',
  },
];
