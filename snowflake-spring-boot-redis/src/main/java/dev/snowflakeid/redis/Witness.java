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

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Values of a region's witness key: 128 random bits per request, so that no copy of the
 * state taken earlier (in this database or another, before or after a loss of the
 * witness) records the value the witness holds now. A counter would not do: it starts
 * again from the same values once the witness is lost.
 */
final class Witness {

	private static final SecureRandom random = new SecureRandom();

	private Witness() {
	}

	static String next() {
		byte[] bytes = new byte[16];
		random.nextBytes(bytes);
		return HexFormat.of().formatHex(bytes);
	}

}
