/**
 * Reports' public entry (decision 0037): the admin's Reports page, the margin report and the GST
 * return, each loaded when opened.
 */
import { lazy } from 'react';

export const ReportsPage = lazy(() => import('./pages/reports-page'));
export const MarginReportPage = lazy(() => import('./pages/margin-report-page'));
export const GstReturnPage = lazy(() => import('./pages/gst-return-page'));
