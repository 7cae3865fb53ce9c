/** A SHA-256 certificate fingerprint: 32 upper-case hex bytes separated by colons. */
export const SHA256_FINGERPRINT = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/;

/** An Android application id (`com.studio.app`). */
export const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** One Digital Asset Links statement. */
export interface AssetLinkStatement {
  readonly relation: readonly string[];
  readonly target: {
    readonly namespace: 'android_app';
    readonly package_name: string;
    readonly sha256_cert_fingerprints: readonly string[];
  };
}

/**
 * Builds `/.well-known/assetlinks.json` so Android verifies the app's `/sign-up` intent filter.
 * Fingerprints are upper-cased (Android requires it); a malformed one or package throws here.
 *
 * @example
 * assetLinks({ packageName: 'com.studio.app', sha256Fingerprints: ['14:6d:…'] });
 */
export const assetLinks = (options: {
  readonly packageName: string;
  readonly sha256Fingerprints: readonly string[];
}): AssetLinkStatement[] => {
  if (!ANDROID_PACKAGE.test(options.packageName)) throw new TypeError(`assetLinks: not an Android package name: ${options.packageName}`);
  const fingerprints = options.sha256Fingerprints.map((fingerprint) => fingerprint.trim().toUpperCase());
  if (fingerprints.length === 0) throw new TypeError('assetLinks: at least one certificate fingerprint is required');
  const bad = fingerprints.filter((fingerprint) => !SHA256_FINGERPRINT.test(fingerprint));
  if (bad.length > 0) throw new TypeError(`assetLinks: not a SHA-256 fingerprint (32 colon-separated hex bytes): ${bad.join(', ')}`);
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: options.packageName, sha256_cert_fingerprints: fingerprints },
    },
  ];
};
