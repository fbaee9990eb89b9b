/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.redis;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A private certificate authority made for one test run, with a server certificate for
 * 127.0.0.1 and localhost and a client certificate, written as PEM files (certificate
 * chains and PKCS#8 keys) that both {@code redis-server} and a Spring Boot PEM SSL bundle
 * read. EC P-256 keys, valid for one day.
 */
final class TestCertificates {

	private static final AtomicLong serials = new AtomicLong(System.currentTimeMillis());

	private final Path dir;

	private TestCertificates(Path dir) {
		this.dir = dir;
	}

	/** Generates the authority and both certificates into {@code dir}. */
	static TestCertificates generate(Path dir) {
		try {
			KeyPair ca = keyPair();
			X509Certificate caCertificate = certificate(new X500Name("CN=snowflake test CA"), ca, ca, true, null);
			KeyPair server = keyPair();
			X509Certificate serverCertificate = certificate(new X500Name("CN=localhost"), server, ca, false,
					new GeneralNames(new GeneralName[] { new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
							new GeneralName(GeneralName.dNSName, "localhost") }));
			KeyPair client = keyPair();
			X509Certificate clientCertificate = certificate(new X500Name("CN=snowflake-lease"), client, ca, false,
					null);
			write(dir.resolve("ca.crt"), caCertificate);
			write(dir.resolve("server.crt"), serverCertificate);
			write(dir.resolve("server.key"), new JcaPKCS8Generator(server.getPrivate(), null));
			write(dir.resolve("client.crt"), clientCertificate);
			write(dir.resolve("client.key"), new JcaPKCS8Generator(client.getPrivate(), null));
			return new TestCertificates(dir);
		}
		catch (GeneralSecurityException | OperatorCreationException ex) {
			throw new IllegalStateException(ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	Path ca() {
		return this.dir.resolve("ca.crt");
	}

	Path serverCertificate() {
		return this.dir.resolve("server.crt");
	}

	Path serverKey() {
		return this.dir.resolve("server.key");
	}

	Path clientCertificate() {
		return this.dir.resolve("client.crt");
	}

	Path clientKey() {
		return this.dir.resolve("client.key");
	}

	private static KeyPair keyPair() throws GeneralSecurityException {
		KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
		generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
		return generator.generateKeyPair();
	}

	private static X509Certificate certificate(X500Name subject, KeyPair subjectKeys, KeyPair issuerKeys,
			boolean authority, GeneralNames alternativeNames)
			throws GeneralSecurityException, IOException, OperatorCreationException {
		Instant now = Instant.now();
		X500Name issuer = authority ? subject : new X500Name("CN=snowflake test CA");
		JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer,
				BigInteger.valueOf(serials.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
				Date.from(now.plus(Duration.ofDays(1))), subject, subjectKeys.getPublic());
		builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
		if (authority) {
			builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
		}
		if (alternativeNames != null) {
			builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames);
		}
		ContentSigner signer = new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate());
		X509CertificateHolder holder = builder.build(signer);
		return new JcaX509CertificateConverter().getCertificate(holder);
	}

	private static void write(Path file, Object pem) throws IOException {
		StringWriter text = new StringWriter();
		try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
			writer.writeObject(pem);
		}
		Files.writeString(file, text.toString());
	}

}
