import { createContext, useContext } from 'react';

/** Opens the Share dialog for these spots. */
export type ShareAction = (locationIds: readonly string[]) => void;

const ShareActionContext = createContext<ShareAction | null>(null);

/**
 * How a spot's page and the Locations page reach the Share dialog, which lives in another
 * feature: the signed-in frame provides the action (app/layout), a feature asks for it. Null
 * where nothing provides it: no Share button is shown.
 */
export const ShareActionProvider = ShareActionContext.Provider;
export const useShareAction = () => useContext(ShareActionContext);
