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
package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.WorkerLeaseListener;

/**
 * Gives the lease keeper of each named generator ({@code snowflake.generators.<name>.*})
 * a listener of its own, as {@link WorkerLeaseListener} beans are the default
 * generator's: such as counters of that generator's renewals for its meters. Every bean
 * of this type is asked once per named generator, while the generators are made.
 */
@FunctionalInterface
public interface NamedGeneratorListeners {

	/** The listener of the named generator {@code generator}. */
	WorkerLeaseListener listener(String generator);

}
