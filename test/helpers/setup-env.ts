// Loaded by Jest before each test file: decorators need reflect-metadata before any entity module loads.
import 'reflect-metadata';
