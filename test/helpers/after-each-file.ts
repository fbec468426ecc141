import { stopUnstoppedPlatforms } from './test-platform.js';

// Loaded by Jest after the framework in each test file: stops the platforms a timed-out beforeAll could not.
afterAll(() => stopUnstoppedPlatforms(), 120_000);
