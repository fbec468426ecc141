import 'reflect-metadata';
import { runMain } from '../platform/config/run-main.js';
import { startPlatform } from './runner.js';
import { loadConfig } from './module-manifests.js';

/** `npm start`: the whole platform in one process; SIGINT/SIGTERM drain and stop it. */
runMain('platform', loadConfig, (config) => startPlatform(config));
