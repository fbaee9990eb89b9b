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

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code snowflake.public-ids.active-key} or any
 * {@code snowflake.public-ids.keys.*} is set: a half-configured key ring must reach
 * validation and fail startup, not be skipped silently.
 */
class OnPublicIdsConfiguredCondition extends SpringBootCondition {

	static final String PREFIX = "snowflake.public-ids";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition("Snowflake public IDs");
		Binder binder = Binder.get(context.getEnvironment());
		if (binder.bind(PREFIX + ".active-key", String.class).isBound()) {
			return ConditionOutcome.match(message.found("property").items(PREFIX + ".active-key"));
		}
		if (binder.bind(PREFIX + ".keys", Bindable.mapOf(String.class, String.class)).map(Map::isEmpty).orElse(true)) {
			return ConditionOutcome
				.noMatch(message.didNotFind("property").items(PREFIX + ".active-key", PREFIX + ".keys.*"));
		}
		return ConditionOutcome.match(message.found("property").items(PREFIX + ".keys.*"));
	}

}
