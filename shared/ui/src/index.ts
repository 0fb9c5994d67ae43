export { Button } from './components/button.tsx';
export type { ButtonProps } from './components/button.tsx';
export { LoadingState, EmptyState, ErrorState, ListEnd, RemoteFallback } from './components/states.tsx';
export { Modal } from './components/modal.tsx';
export type { ModalProps } from './components/modal.tsx';
export { keepTabInside } from './components/focus-trap.ts';
export { PlannedPage, PlannedRemotePage } from './components/planned-page.tsx';
export type { PlannedPageProps, PlannedRemotePageProps } from './components/planned-page.tsx';
export { SimulatedBadge } from './components/simulated-badge.tsx';
export {
  createRemoteLifecycles,
  createTransitionRoot,
  outletElement,
  SUPPORTED_CONTRACT_VERSIONS,
} from './lifecycles/create-remote-lifecycles.tsx';
export type { RemoteLifecycleOptions } from './lifecycles/create-remote-lifecycles.tsx';
export { FormField, SubmitRow, formClasses } from './components/form.tsx';
export { surfaceClasses } from './components/surface.ts';
export { pageLayout } from './components/page-layout.ts';
export type { FieldControlProps } from './components/form.tsx';
export { EChart } from './charts/echart.tsx';
export type { EChartProps, EChartsInstance } from './charts/echart.tsx';
export { Sparkline } from './charts/sparkline.tsx';
export { chartNumber } from './charts/chart-number.ts';
