package dev.snowflakeid.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains an {@link InvalidSnowflakeConfigurationException}, naming the property and the fix. */
class InvalidSnowflakeConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSnowflakeConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidSnowflakeConfigurationException cause) {
		return new FailureAnalysis("Invalid Snowflake ID configuration: " + cause.getMessage() + " (property '"
				+ cause.property() + "').", cause.action(), cause);
	}

}
