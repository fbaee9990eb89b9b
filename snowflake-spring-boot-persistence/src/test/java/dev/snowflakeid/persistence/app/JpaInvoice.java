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
package dev.snowflakeid.persistence.app;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity whose id comes from the generator named {@code invoices}. */
@Entity
@Table(name = "jpa_invoice")
public class JpaInvoice {

	@Id
	@GeneratedSnowflakeId(generator = "invoices")
	private Long id;

	@GeneratedSnowflakeId
	private Long reference;

	protected JpaInvoice() {
	}

	public Long getId() {
		return this.id;
	}

	public Long getReference() {
		return this.reference;
	}

	public static JpaInvoice create() {
		return new JpaInvoice();
	}

}
