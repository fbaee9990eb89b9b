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

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.SnowflakeLayout;

import org.springframework.core.env.PropertyResolver;

/**
 * A StatefulSet pod's ordinal, read from an environment variable that holds either the
 * pod name ({@code orders-3}, as {@code HOSTNAME} does; a fully qualified host name
 * counts by its first label) or the bare ordinal ({@code 3}, as the
 * {@code apps.kubernetes.io/pod-index} label does through the downward API).
 *
 * @param ordinal the pod's ordinal
 * @param variable the environment variable it was read from
 * @param value what the variable holds
 */
record PodOrdinal(int ordinal, String variable, String value) {

	static final String VARIABLE_PROPERTY = "snowflake.worker.kubernetes.ordinal-variable";

	static final String OFFSET_PROPERTY = "snowflake.worker.kubernetes.code-offset";

	// A name ending in -N, or N alone; at most 9 digits, so that it fits an int.
	private static final Pattern ORDINAL = Pattern.compile("(?:.*-)?(0|[1-9][0-9]{0,8})");

	/**
	 * Reads {@code variable} from {@code environment}.
	 * @throws InvalidSnowflakeConfigurationException naming
	 * {@code snowflake.worker.kubernetes.ordinal-variable} if it is unset or holds no
	 * ordinal
	 */
	static PodOrdinal read(String variable, PropertyResolver environment) {
		String value = environment.getProperty(variable);
		if (value == null || value.isBlank()) {
			throw new InvalidSnowflakeConfigurationException(VARIABLE_PROPERTY,
					"the kubernetes allocator is selected but the environment variable " + variable
							+ " that should hold the pod name or ordinal is not set",
					"Run the application in a StatefulSet pod (which sets HOSTNAME to name-N), or set "
							+ VARIABLE_PROPERTY
							+ " to a variable that holds the ordinal, for example POD_INDEX set from the label "
							+ "apps.kubernetes.io/pod-index through the downward API.");
		}
		String name = value.trim();
		int dot = name.indexOf('.');
		Matcher matcher = ORDINAL.matcher((dot > 0) ? name.substring(0, dot) : name);
		if (!matcher.matches()) {
			throw new InvalidSnowflakeConfigurationException(VARIABLE_PROPERTY,
					"the kubernetes allocator is selected but '" + value + "' (environment variable " + variable
							+ ") ends in no pod ordinal: it is not the name of a StatefulSet's pod (name-N)",
					"Run the application as a StatefulSet, whose pods are named name-0, name-1, ..., or set "
							+ VARIABLE_PROPERTY + " to a variable that holds the ordinal (for example POD_INDEX from "
							+ "the label apps.kubernetes.io/pod-index), or use snowflake.worker.allocator=static "
							+ "with snowflake.worker.code.");
		}
		return new PodOrdinal(Integer.parseInt(matcher.group(1)), variable, value);
	}

	/**
	 * The worker code: the ordinal plus {@code offset}, inside the layout.
	 * @throws InvalidSnowflakeConfigurationException naming the property to change if the
	 * offset is negative or the code lies outside the layout
	 */
	int workerCode(int offset, SnowflakeLayout layout) {
		if (offset < 0) {
			throw new InvalidSnowflakeConfigurationException(OFFSET_PROPERTY, OFFSET_PROPERTY + " is " + offset,
					"Set " + OFFSET_PROPERTY
							+ " to 0 (the default) or a positive number below 2^snowflake.layout.worker-bits.");
		}
		int code = this.ordinal + offset;
		try {
			return layout.requireWorkerCode(code);
		}
		catch (IllegalArgumentException ex) {
			int replicas = layout.maxWorkers() - offset;
			throw new InvalidSnowflakeConfigurationException("snowflake.layout.worker-bits",
					this + " plus " + OFFSET_PROPERTY + " " + offset + " gives worker code " + code + ": "
							+ ex.getMessage(),
					(replicas > 0)
							? "Run at most " + replicas + " replicas (ordinals 0 to " + (replicas - 1) + "), or lower "
									+ OFFSET_PROPERTY + ", or raise snowflake.layout.worker-bits (every instance of "
									+ "the region must use the same layout)."
							: "Set " + OFFSET_PROPERTY + " below " + layout.maxWorkers()
									+ " (2^snowflake.layout.worker-bits), for example 0.");
		}
	}

	@Override
	public String toString() {
		return "pod ordinal " + this.ordinal + " (" + this.variable + "=" + this.value + ")";
	}

}
