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

import java.util.Base64;
import java.util.SplittableRandom;

/** Key material of the tests' key rings: reproducible, never used outside tests. */
final class TestKeys {

	static final String KEY_A = key(1);

	static final String KEY_B = key(2);

	private TestKeys() {
	}

	static String key(long seed) {
		byte[] key = new byte[32];
		new SplittableRandom(seed).nextBytes(key);
		return Base64.getEncoder().encodeToString(key);
	}

}
