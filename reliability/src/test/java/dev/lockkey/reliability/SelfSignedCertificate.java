package dev.lockkey.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away certificate for {@code 127.0.0.1} and {@code localhost}, made by the JDK's
 * {@code keytool} (no OpenSSL needed): the certificate and its private key as PEM files for
 * redis-server, and a PKCS#12 trust store holding the certificate for the Java client.
 *
 * @param certificate the certificate, PEM
 * @param privateKey its private key, PKCS#8 PEM
 * @param trustStore a PKCS#12 store that trusts the certificate
 * @param trustStorePassword the trust store's password
 */
record SelfSignedCertificate(Path certificate, Path privateKey, Path trustStore, char[] trustStorePassword) {
  private static final String ALIAS = "redis";

  /** Makes the files in {@code dir}. */
  static SelfSignedCertificate create(Path dir) throws IOException, InterruptedException, GeneralSecurityException {
    Path keyStore = dir.resolve("server.p12");
    char[] password = "throw-away-store".toCharArray();
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
        "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "2", "-keystore", keyStore.toString(),
        "-storetype", "PKCS12", "-storepass", new String(password), "-keypass", new String(password))
        .redirectErrorStream(true)
        .start();
    String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
      keytool.destroyForcibly();
      throw new IllegalStateException("keytool failed: " + output);
    }
    KeyStore server = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      server.load(in, password);
    }
    Certificate certificate = server.getCertificate(ALIAS);
    Key key = server.getKey(ALIAS, password);
    SelfSignedCertificate files = new SelfSignedCertificate(dir.resolve("redis.crt"), dir.resolve("redis.key"),
        dir.resolve("trust.p12"), password);
    Files.writeString(files.certificate(), pem("CERTIFICATE", certificate.getEncoded()), StandardCharsets.US_ASCII);
    Files.writeString(files.privateKey(), pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry(ALIAS, certificate);
    try (OutputStream out = Files.newOutputStream(files.trustStore())) {
      trust.store(out, password);
    }
    return files;
  }

  /** The redis-server arguments that serve TLS on {@code port} with this certificate. */
  List<String> redisSettings(int port) {
    return List.of("--tls-port", Integer.toString(port),
        "--tls-cert-file", certificate.toString(),
        "--tls-key-file", privateKey.toString(),
        "--tls-ca-cert-file", certificate.toString(),
        "--tls-auth-clients", "no");
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }
}
