import type { AnyRoute } from '../../platform/route.ts';
import { createSavedViewRoute } from './routes/create-view.ts';
import { deleteSavedViewRoute } from './routes/delete-view.ts';
import { listSavedViewsRoute } from './routes/list-views.ts';
import { updateSavedViewRoute } from './routes/update-view.ts';

/** The "saved-views" module's routes (issue 20): each staff user's named states of the portal's lists. */
export const SAVED_VIEWS_ROUTES: AnyRoute[] = [
  listSavedViewsRoute,
  createSavedViewRoute,
  updateSavedViewRoute,
  deleteSavedViewRoute,
];
