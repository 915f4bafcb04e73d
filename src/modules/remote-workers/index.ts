export { RemoteWorkersModule } from './remote-workers.module';
