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
package dev.snowflakeid.webmvc.autoconfigure;

import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a {@code @PublicId} use without a configured key ring. */
class MissingPublicIdKeyRingFailureAnalyzer extends AbstractFailureAnalyzer<MissingPublicIdKeyRingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingPublicIdKeyRingException cause) {
		return new FailureAnalysis(
				cause.user() + ", so it needs a public-ID key ring, but none is configured "
						+ "(property 'snowflake.public-ids.active-key').",
				"Set snowflake.public-ids.keys.a to 32 random bytes in Base64 ('openssl rand -base64 32', from a secret "
						+ "store) and snowflake.public-ids.active-key=a.",
				cause);
	}

}
