package dev.snowflakeid.autoconfigure.publicid;

import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a {@code @PublicId} use without a configured key ring. */
class MissingPublicIdKeyRingFailureAnalyzer extends AbstractFailureAnalyzer<MissingPublicIdKeyRingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingPublicIdKeyRingException cause) {
		return new FailureAnalysis(cause.user() + ", so it needs a public-ID key ring, but none is configured "
				+ "(property 'snowflake.public-ids.active-key').",
				"Set snowflake.public-ids.keys.a to 32 random bytes in Base64 ('openssl rand -base64 32', from a secret "
						+ "store) and snowflake.public-ids.active-key=a.",
				cause);
	}

}
