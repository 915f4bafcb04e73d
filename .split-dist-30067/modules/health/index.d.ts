/** Liveness and readiness (Terminus). */
export { HealthModule } from './health.module';
