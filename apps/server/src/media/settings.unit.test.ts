import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

describe("MEDIA_S3_* settings", () => {
  it("leave the images in the local folder when no bucket is set", () => {
    expect(loadConfig({}).mediaS3).toBeUndefined();
  });

  it("put them in the bucket, with the SDK's credential chain unless both keys are given", () => {
    expect(loadConfig({ MEDIA_S3_BUCKET: "shop-media" }).mediaS3).toEqual({
      bucket: "shop-media",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({
        MEDIA_S3_BUCKET: "shop-media",
        MEDIA_S3_ENDPOINT: "http://minio.internal:9000",
        MEDIA_S3_REGION: "auto",
        MEDIA_S3_ACCESS_KEY_ID: "id",
        MEDIA_S3_SECRET_ACCESS_KEY: "secret",
        MEDIA_S3_FORCE_PATH_STYLE: "true",
      }).mediaS3,
    ).toEqual({
      bucket: "shop-media",
      region: "auto",
      endpoint: "http://minio.internal:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
  });

  it("stop start-up when half given rather than being ignored", () => {
    expect(() => loadConfig({ MEDIA_S3_ENDPOINT: "http://minio.internal:9000" })).toThrow(/MEDIA_S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_S3_BUCKET: "b", MEDIA_S3_ACCESS_KEY_ID: "id" })).toThrow(/both/);
    expect(() => loadConfig({ MEDIA_S3_BUCKET: "b", MEDIA_S3_ENDPOINT: "not a url" })).toThrow(/MEDIA_S3_ENDPOINT/);
    expect(() => loadConfig({ MEDIA_S3_BUCKET: "b", MEDIA_S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /MEDIA_S3_FORCE_PATH_STYLE/,
    );
  });
});
