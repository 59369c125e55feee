// s3rver ships no types; the test helper uses its constructor, run(), close(), middleware list and httpServer.
declare module "s3rver";
