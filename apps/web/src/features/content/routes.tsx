import { lazy } from 'react';
import { Route } from 'react-router';

const AboutPage = lazy(() => import('./AboutPage.tsx'));
const FaqPage = lazy(() => import('./FaqPage.tsx'));
const ContactPage = lazy(() => import('./ContactPage.tsx'));
const PolicyPage = lazy(() => import('./PolicyPage.tsx'));

/** The static and content pages (accounts §2.9), public. */
export const contentRoutes = (
  <>
    <Route path="about" element={<AboutPage />} />
    <Route path="FAQ" element={<FaqPage />} />
    <Route path="contact-us" element={<ContactPage />} />
    <Route path="terms-and-conditions" element={<PolicyPage kind="terms" />} />
    <Route path="privacy-policy" element={<PolicyPage kind="privacy" />} />
    <Route path="return-and-replacement" element={<PolicyPage kind="return" />} />
  </>
);
