// Async boundary: shared modules are negotiated before the page runs.
import('./kf-bootstrap.tsx');
