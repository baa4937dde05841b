import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <UpdatePrompt />
    </BrowserRouter>
  );
}
