// Generated from the operation models (src/models/) by test/api/model-types.test.ts: do not edit;
// `UPDATE_TYPES=1 npx vitest run test/api/model-types.test.ts` writes it again. The objects as the
// services' JSON carries them (svcctl's --output json, the v2 API): timestamps and blobs are strings.

/** An object representing a repository. */
export interface Repository {
  /** The Amazon Resource Name (ARN) of the repository. */
  repositoryArn?: string;
  /** The account id of the registry that contains the repository. */
  registryId?: string;
  /** The name of the repository. */
  repositoryName?: string;
  /** The URI for the repository, used for image push and pull. */
  repositoryUri?: string;
  /** The date and time when the repository was created. */
  createdAt?: string;
  /** The tag mutability setting for the repository. */
  imageTagMutability?: "MUTABLE" | "IMMUTABLE" | "IMMUTABLE_WITH_EXCLUSION" | "MUTABLE_WITH_EXCLUSION";
  /** Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5). */
  imageTagMutabilityExclusionFilters?: {
    /** The type of filter: WILDCARD. */
    filterType: "WILDCARD";
    /** The tag pattern of the filter (letters, digits, ., _, * and -). */
    filter: string;
  }[];
  /** The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration). */
  imageScanningConfiguration?: {
    /** When true, images are scanned after being pushed; otherwise only when a scan is started manually. */
    scanOnPush?: boolean;
  };
  /** The encryption configuration for the repository: how its contents are encrypted at rest. */
  encryptionConfiguration?: {
    /** AES256 (server-side, object-storage-managed keys), KMS (a key in the managed key service) or KMS_DSSE (two layers of KMS encryption). */
    encryptionType: "AES256" | "KMS" | "KMS_DSSE";
    /** For KMS and KMS_DSSE: the alias, key id or full ARN of the key, in the same region as the repository; the default managed key when omitted. */
    kmsKey?: string;
  };
}

/** A launch configuration. */
export interface LaunchConfiguration {
  /** The name of the launch configuration. */
  LaunchConfigurationName: string;
  /** The Amazon Resource Name (ARN) of the launch configuration. */
  LaunchConfigurationARN?: string;
  /** The ID of the machine image used to launch the instances. */
  ImageId: string;
  /** The name of the key pair. */
  KeyName?: string;
  /** The security groups to assign to the instances. */
  SecurityGroups?: string[];
  /** Kept for backward compatibility (the ID of a ClassicLink-enabled VPC). */
  ClassicLinkVPCId?: string;
  /** Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters. */
  ClassicLinkVPCSecurityGroups?: string[];
  /** The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64). */
  UserData?: string;
  /** The instance type for the instances. */
  InstanceType: string;
  /** The ID of the kernel associated with the image. */
  KernelId?: string;
  /** The ID of the RAM disk associated with the image. */
  RamdiskId?: string;
  /** The block devices to attach at launch; by default the image's own mappings are used. */
  BlockDeviceMappings?: {
    /** The name of the instance store volume (virtual device), ephemeral<X> with X a number from 0. */
    VirtualName?: string;
    /** The device name assigned to the volume (for example, /dev/sdh or xvdh). */
    DeviceName: string;
    /** Parameters used to automatically set up EBS volumes when an instance is launched. */
    Ebs?: {
      /** The snapshot ID of the volume to use. Either SnapshotId or VolumeSize must be given. */
      SnapshotId?: string;
      /** The volume size in GiB: gp2 and gp3 1-16384, io1 4-16384, st1 and sc1 125-16384, standard 1-1024; at least the snapshot size. */
      VolumeSize?: number;
      /** The volume type: standard, io1, gp2, st1, sc1 or gp3. */
      VolumeType?: "standard" | "io1" | "gp2" | "st1" | "sc1" | "gp3";
      /** Whether the volume is deleted on instance termination. */
      DeleteOnTermination?: boolean;
      /** The number of input/output operations per second: gp3 3000-16000, io1 100-20000; required for io1, not used with other types. */
      Iops?: number;
      /** Whether the volume is encrypted; encrypted volumes attach only to instances that support encryption. */
      Encrypted?: boolean;
      /** The throughput (MiBps) to provision for a gp3 volume: 125-1000. */
      Throughput?: number;
    };
    /** When true, no volume from the image's own mapping is mapped to this device name. */
    NoDevice?: boolean;
  }[];
  /** Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances. */
  InstanceMonitoring?: {
    /** If true, detailed monitoring is enabled; otherwise basic monitoring. */
    Enabled?: boolean;
  };
  /** The maximum hourly price for a Spot Instance launched to fulfil the request. */
  SpotPrice?: string;
  /** The name or ARN of the instance profile associated with the IAM role for the instance. */
  IamInstanceProfile?: string;
  /** The creation date and time for the launch configuration. */
  CreatedTime: string;
  /** Whether the launch configuration is optimized for EBS I/O (true) or not (false). */
  EbsOptimized?: boolean;
  /** Whether to assign a public IPv4 address to the group's instances. */
  AssociatePublicIpAddress?: boolean;
  /** The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only). */
  PlacementTenancy?: "default" | "dedicated";
  /** The metadata options for the instances. */
  MetadataOptions?: {
    /** optional (default): metadata with or without a signed token; required: a signed token header must be sent (version 2.0 only). */
    HttpTokens?: "optional" | "required";
    /** The desired HTTP PUT response hop limit for metadata requests: 1-64, default 1. */
    HttpPutResponseHopLimit?: number;
    /** enabled (default) or disabled: whether instance metadata can be accessed. */
    HttpEndpoint?: "disabled" | "enabled";
  };
}

/** A single-use account token (object v2.core.account_token). */
export interface AccountToken {
  /** Unique identifier of the token. */
  id?: string;
  /** Always v2.core.account_token. */
  object?: "v2.core.account_token";
  /** Creation time, RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ). */
  created?: string;
  /** Time at which the token expires, RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ). */
  expires_at?: string;
  /** true if the token exists in live mode, false in test mode. */
  livemode?: boolean;
  /** Whether the token has already been used (a token can be used only once). */
  used?: boolean;
}

/** An account (object v2.core.account), created from an account token. */
export interface Account {
  /** Unique identifier of the account. */
  id?: string;
  /** Always v2.core.account. */
  object?: "v2.core.account";
  /** The configurations applied to the account (none for an account created from a token). */
  applied_configurations?: string[];
  /** The default contact email address of the account, from the token. */
  contact_email?: string;
  /** The default contact phone of the account, from the token. */
  contact_phone?: string;
  /** Creation time, RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ). */
  created?: string;
  /** The descriptive name of the account, from the token. */
  display_name?: string;
  /** The company, individual and business represented by the account, from the token. */
  identity?: {
    /** Attestations from the identity's key people, e.g. owners, executives, directors, representatives. */
    attestations?: {
      /** This hash is used to attest that the directors information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe. */
      directorship_declaration?: {
        /** A boolean indicating if the directors information has been attested. */
        attested?: boolean;
      };
      /** This hash is used to attest that the beneficial owner information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe. */
      ownership_declaration?: {
        /** A boolean indicating if the beneficial owner information has been attested. */
        attested?: boolean;
      };
      /** Attestation that all Persons with a specific Relationship value have been provided. */
      persons_provided?: {
        /** Whether the company’s directors have been provided. Set this Boolean to true after creating all the company’s directors with the Persons API. */
        directors?: boolean;
        /** Whether the company’s executives have been provided. Set this Boolean to true after creating all the company’s executives with the Persons API. */
        executives?: boolean;
        /** Whether the company’s owners have been provided. Set this Boolean to true after creating all the company’s owners with the Persons API. */
        owners?: boolean;
        /** Reason for why the company is exempt from providing ownership information. */
        ownership_exemption_reason?: "qualified_entity_exceeds_ownership_threshold" | "qualifies_as_financial_institution";
      };
      /** This hash is used to attest that the representative is authorized to act as the representative of their legal entity; IP, date, and User Agent are expanded by Stripe. */
      representative_declaration?: {
        /** A boolean indicating if the representative is authorized to act as the representative of their legal entity. */
        attested?: boolean;
      };
      /** Attestations of accepted terms of service agreements. */
      terms_of_service?: {
        /** Details on the Account's acceptance of the [Stripe Services Agreement]; IP, date, and User Agent are expanded by Stripe. */
        account?: {
          /** The boolean value indicating if the terms of service have been accepted. */
          shown_and_accepted?: boolean;
        };
      };
    };
    /** Information about the company or business. */
    business_details?: {
      /** Additional addresses associated with the business. */
      additional_addresses?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** Purpose of additional address. */
        purpose: "administrative" | "principal_place_of_business";
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      }[];
      /** The business registration address of the business entity. */
      address?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      };
      /** The business gross annual revenue for its preceding fiscal year. */
      annual_revenue?: {
        /** A non-negative integer representing the amount in the smallest currency unit. */
        amount?: {
          /** Three-letter ISO currency code, in lowercase. Must be a supported currency. */
          currency: string;
          /** A non-negative integer representing how much to charge in the smallest currency unit. */
          value: number;
        };
        /** The close-out date of the preceding fiscal year in ISO 8601 format. E.g. 2023-12-31 for the 31st of December, 2023. */
        fiscal_year_end?: string;
      };
      /** A document verifying the business. */
      documents?: {
        /** One or more documents that support the bank account ownership verification requirement. Must be a document associated with the account's primary active bank account that displays the last 4 digits of the account number, either a statement or a check. */
        bank_account_ownership_verification?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of a company's license to operate. */
        company_license?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents showing the company's Memorandum of Association. */
        company_memorandum_of_association?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** Certain countries only: One or more documents showing the ministerial decree legalizing the company's establishment. */
        company_ministerial_decree?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of a company's registration with the appropriate local authorities. */
        company_registration_verification?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of a company's tax ID. */
        company_tax_id_verification?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** A document verifying the business. */
        primary_verification?: {
          /** The file upload tokens referring to each side of the document. */
          front_back: {
            /** A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            back?: string;
            /** A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            front?: string;
          };
          /** The format of the verification document. Currently supports `front_back` only. */
          type: "front_back";
        };
        /** One or more documents that demonstrate proof of address. */
        proof_of_address?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of ultimate beneficial ownership. */
        proof_of_registration?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** Person that is signing the document. */
          signer?: {
            /** Person signing the document. */
            person: string;
          };
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of ultimate beneficial ownership. */
        proof_of_ultimate_beneficial_ownership?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** Person that is signing the document. */
          signer?: {
            /** Person signing the document. */
            person: string;
          };
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
      };
      /** Estimated maximum number of workers currently engaged by the business (including employees, contractors, and vendors). */
      estimated_worker_count?: number;
      /** The ID numbers of a business entity. */
      id_numbers?: {
        /** The registrar of the ID number (Only valid for DE ID number types). */
        registrar?: string;
        /** Open Enum. The ID number type of a business entity. */
        type: "ae_crn" | "ae_vat" | "ao_nif" | "ar_cuit" | "at_fn" | "at_stn" | "at_vat" | "au_abn" | "au_acn" | "au_in" | "az_tin" | "bd_etin" | "be_cbe" | "be_vat" | "bg_uic" | "bg_vat" | "br_cnpj" | "ca_cn" | "ca_crarr" | "ca_gst_hst" | "ca_neq" | "ca_rid" | "ch_chid" | "ch_uid" | "cr_cpj" | "cr_nite" | "cy_he" | "cy_tic" | "cy_vat" | "cz_ico" | "cz_vat" | "de_hrn" | "de_stn" | "de_vat" | "dk_cvr" | "dk_vat" | "do_rcn" | "ee_rk" | "ee_vat" | "es_cif" | "es_vat" | "fi_vat" | "fi_yt" | "fr_rna" | "fr_siren" | "fr_vat" | "gb_crn" | "gb_vat" | "gi_crn" | "gr_afm" | "gr_gemi" | "gr_vat" | "gt_nit" | "hk_br" | "hk_cr" | "hr_mbs" | "hr_oib" | "hr_vat" | "hu_cjs" | "hu_tin" | "hu_vat" | "ie_crn" | "ie_trn" | "ie_vat" | "it_rea" | "it_vat" | "jp_cn" | "kz_bin" | "li_uid" | "lt_ccrn" | "lt_vat" | "lu_nif" | "lu_rcs" | "lu_vat" | "lv_urn" | "lv_vat" | "mt_crn" | "mt_tin" | "mt_vat" | "mx_rfc" | "my_brn" | "my_coid" | "my_itn" | "my_sst" | "mz_nuit" | "nl_kvk" | "nl_rsin" | "nl_vat" | "no_orgnr" | "nz_bn" | "nz_ird" | "pe_ruc" | "pk_ntn" | "pl_nip" | "pl_regon" | "pl_vat" | "pt_vat" | "ro_cui" | "ro_orc" | "ro_vat" | "sa_crn" | "sa_tin" | "se_orgnr" | "se_vat" | "sg_uen" | "si_msp" | "si_tin" | "si_vat" | "sk_dic" | "sk_ico" | "sk_vat" | "th_crn" | "th_prn" | "th_tin" | "us_ein";
        /** The value of the ID number. */
        value: string;
      }[];
      /** An estimate of the monthly revenue of the business. */
      monthly_estimated_revenue?: {
        /** A non-negative integer representing the amount in the smallest currency unit. */
        amount?: {
          /** Three-letter ISO currency code, in lowercase. Must be a supported currency. */
          currency: string;
          /** A non-negative integer representing how much to charge in the smallest currency unit. */
          value: number;
        };
      };
      /** The phone number of the Business Entity. */
      phone?: string;
      /** The business legal name. */
      registered_name?: string;
      /** When the business was incorporated or registered. */
      registration_date?: {
        /** The day of registration, between 1 and 31. */
        day: number;
        /** The month of registration, between 1 and 12. */
        month: number;
        /** The four-digit year of registration. */
        year: number;
      };
      /** The business registration address of the business entity in non latin script. */
      script_addresses?: {
        /** Kana Address. */
        kana?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
        /** Kanji Address. */
        kanji?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
      };
      /** The business legal name in non latin script. */
      script_names?: {
        /** Kana name. */
        kana?: {
          /** Registered name of the business. */
          registered_name?: string;
        };
        /** Kanji name. */
        kanji?: {
          /** Registered name of the business. */
          registered_name?: string;
        };
      };
      /** The category identifying the legal structure of the business. */
      structure?: "cooperative" | "free_zone_establishment" | "free_zone_llc" | "governmental_unit" | "government_instrumentality" | "incorporated_association" | "incorporated_non_profit" | "incorporated_partnership" | "limited_liability_partnership" | "llc" | "multi_member_llc" | "private_company" | "private_corporation" | "private_partnership" | "public_company" | "public_corporation" | "public_listed_corporation" | "public_partnership" | "registered_charity" | "single_member_llc" | "sole_establishment" | "sole_proprietorship" | "tax_exempt_government_instrumentality" | "trust" | "unincorporated_association" | "unincorporated_non_profit" | "unincorporated_partnership";
    };
    /** The entity type. */
    entity_type?: "company" | "government_entity" | "individual" | "non_profit";
    /** Information about the person represented by the account. */
    individual?: {
      /** Additional addresses associated with the individual. */
      additional_addresses?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** Purpose of additional address. */
        purpose: "registered";
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      }[];
      /** Additional names (e.g. aliases) associated with the individual. */
      additional_names?: {
        /** The person's full name. */
        full_name?: string;
        /** The person's first or given name. */
        given_name?: string;
        /** The purpose or type of the additional name. */
        purpose: "alias" | "maiden";
        /** The person's last or family name. */
        surname?: string;
      }[];
      /** The individual's residential address. */
      address?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      };
      /** The individual's date of birth. */
      date_of_birth?: {
        /** The day of the birth. */
        day: number;
        /** The month of birth. */
        month: number;
        /** The year of birth. */
        year: number;
      };
      /** Documents that may be submitted to satisfy various informational requests. */
      documents?: {
        /** One or more documents that demonstrate proof that this person is authorized to represent the company. */
        company_authorization?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents showing the person's passport page with photo and personal data. */
        passport?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** An identifying document showing the person's name, either a passport or local ID card. */
        primary_verification?: {
          /** The file upload tokens referring to each side of the document. */
          front_back: {
            /** A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            back?: string;
            /** A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            front?: string;
          };
          /** The format of the verification document. Currently supports `front_back` only. */
          type: "front_back";
        };
        /** A document showing address, either a passport, local ID card, or utility bill from a well-known utility company. */
        secondary_verification?: {
          /** The file upload tokens referring to each side of the document. */
          front_back: {
            /** A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            back?: string;
            /** A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            front?: string;
          };
          /** The format of the verification document. Currently supports `front_back` only. */
          type: "front_back";
        };
        /** One or more documents showing the person's visa required for living in the country where they are residing. */
        visa?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
      };
      /** The individual's email address. You can only set this field when the Account is configured as a `merchant` or `recipient`. Use `contact_email` as the primary contact email for this Account. */
      email?: string;
      /** The individual's first name. */
      given_name?: string;
      /** The identification numbers (e.g., SSN) associated with the individual. */
      id_numbers?: {
        /** The ID number type of an individual. */
        type: "ae_eid" | "ao_nif" | "ar_cuil" | "ar_dni" | "at_stn" | "az_tin" | "bd_brc" | "bd_etin" | "bd_nid" | "be_nrn" | "bg_ucn" | "bn_nric" | "br_cpf" | "ca_sin" | "ch_oasi" | "cl_rut" | "cn_pp" | "co_nuip" | "cr_ci" | "cr_cpf" | "cr_dimex" | "cr_nite" | "cy_tic" | "cz_rc" | "de_stn" | "dk_cpr" | "do_cie" | "do_rcn" | "ec_ci" | "ee_ik" | "es_nif" | "fi_hetu" | "fr_nir" | "gb_nino" | "gr_afm" | "gt_nit" | "hk_id" | "hr_oib" | "hu_ad" | "id_nik" | "ie_ppsn" | "is_kt" | "it_cf" | "jp_inc" | "ke_pin" | "kz_iin" | "li_peid" | "lt_ak" | "lu_nif" | "lv_pk" | "mx_rfc" | "my_nric" | "mz_nuit" | "ng_nin" | "nl_bsn" | "no_nin" | "nz_ird" | "pe_dni" | "pk_cnic" | "pk_snic" | "pl_pesel" | "pt_nif" | "ro_cnp" | "sa_tin" | "se_pin" | "sg_fin" | "sg_nric" | "sk_dic" | "th_lc" | "th_pin" | "tr_tin" | "us_itin" | "us_itin_last_4" | "us_ssn" | "us_ssn_last_4" | "uy_dni" | "za_id";
        /** The value of the ID number. */
        value: string;
      }[];
      /** The individual's gender (International regulations require either "male" or "female"). */
      legal_gender?: "female" | "male";
      /** Set of key-value pairs that you can attach to an object. This can be useful for storing additional information about the object in a structured format. */
      metadata?: Record<string, string>;
      /** The countries where the individual is a national. Two-letter country code (ISO 3166-1 alpha-2). */
      nationalities?: string[];
      /** The individual's phone number. */
      phone?: string;
      /** The individual's political exposure. */
      political_exposure?: "existing" | "none";
      /** The relationship that this individual has with the account's identity. */
      relationship?: {
        /** Whether the person is a director of the account's identity. Directors are typically members of the governing board of the company, or responsible for ensuring the company meets its regulatory obligations. */
        director?: boolean;
        /** Whether the person has significant responsibility to control, manage, or direct the organization. */
        executive?: boolean;
        /** Whether the person is an owner of the account's identity. */
        owner?: boolean;
        /** The percent owned by the person of the account's legal entity. */
        percent_ownership?: string;
        /** The person's title (e.g., CEO, Support Engineer). */
        title?: string;
      };
      /** The script addresses (e.g., non-Latin characters) associated with the individual. */
      script_addresses?: {
        /** Kana Address. */
        kana?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
        /** Kanji Address. */
        kanji?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
      };
      /** The individuals primary name in non latin script. */
      script_names?: {
        /** Persons name in kana script. */
        kana?: {
          /** The person's first or given name. */
          given_name?: string;
          /** The person's last or family name. */
          surname?: string;
        };
        /** Persons name in kanji script. */
        kanji?: {
          /** The person's first or given name. */
          given_name?: string;
          /** The person's last or family name. */
          surname?: string;
        };
      };
      /** The individual's last name. */
      surname?: string;
    };
  };
  /** true if the account exists in live mode, false in test mode. */
  livemode?: boolean;
}

/** A meter event adjustment (object v2.billing.meter_event_adjustment). */
export interface MeterEventAdjustment {
  /** Unique id of the adjustment. */
  id?: string;
  /** Always v2.billing.meter_event_adjustment. */
  object?: "v2.billing.meter_event_adjustment";
  /** Which meter event to cancel. */
  cancel?: {
    /** The identifier of the meter event to cancel. */
    identifier?: string;
  };
  /** Time the adjustment was created, RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ). */
  created?: string;
  /** The name of the meter event; corresponds to the event_name field of a meter. */
  event_name?: string;
  /** true in live mode, false in test mode. */
  livemode?: boolean;
  /** complete (processed) or pending (still being processed). */
  status?: "complete" | "pending";
  /** The type of adjustment: cancel (cancel a single meter event by identifier). */
  type?: "cancel";
}

/** The input of CreateRepository: Creates an image repository. */
export interface CreateRepositoryInput {
  /** The account id (12 digits) of the registry to create the repository in. Default: the default registry. */
  registryId?: string;
  /** The name to use for the repository (2-256 characters; lowercase letters, numbers, ., _, - and / namespaces; each part begins and ends with a letter or digit). */
  repositoryName: string;
  /** The metadata to apply to the repository: up to 50 tags, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters). */
  tags?: {
    /** One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:). */
    Key: string;
    /** A value that acts as a descriptor within a tag category (key): up to 256 characters. */
    Value: string;
  }[];
  /** The tag mutability setting: MUTABLE (default, tags can be overwritten), IMMUTABLE, IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION. */
  imageTagMutability?: "MUTABLE" | "IMMUTABLE" | "IMMUTABLE_WITH_EXCLUSION" | "MUTABLE_WITH_EXCLUSION";
  /** Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5). */
  imageTagMutabilityExclusionFilters?: {
    /** The type of filter: WILDCARD. */
    filterType: "WILDCARD";
    /** The tag pattern of the filter (letters, digits, ., _, * and -). */
    filter: string;
  }[];
  /** The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration). */
  imageScanningConfiguration?: {
    /** When true, images are scanned after being pushed; otherwise only when a scan is started manually. */
    scanOnPush?: boolean;
  };
  /** The encryption configuration for the repository: how its contents are encrypted at rest. */
  encryptionConfiguration?: {
    /** AES256 (server-side, object-storage-managed keys), KMS (a key in the managed key service) or KMS_DSSE (two layers of KMS encryption). */
    encryptionType: "AES256" | "KMS" | "KMS_DSSE";
    /** For KMS and KMS_DSSE: the alias, key id or full ARN of the key, in the same region as the repository; the default managed key when omitted. */
    kmsKey?: string;
  };
}

/** The output of CreateRepository. */
export interface CreateRepositoryOutput {
  /** The repository that was created. */
  repository?: Repository;
}

/** The input of DescribeRepositories: Describes image repositories in a registry. */
export interface DescribeRepositoriesInput {
  /** The account id of the registry. Default: the default registry. */
  registryId?: string;
  /** Repositories to describe; all when omitted. */
  repositoryNames?: string[];
  /** The nextToken of a previous truncated response. */
  nextToken?: string;
  /** The maximum number of results per page. */
  maxResults?: number;
}

/** The output of DescribeRepositories. */
export interface DescribeRepositoriesOutput {
  /** A list of repository objects. */
  repositories?: Repository[];
  /** The token to request the next page, when there is one. */
  nextToken?: string;
}

/** The input of TagResource: Adds tags to a repository; a key it already has takes the new value, and its other tags stay. */
export interface TagResourceInput {
  /** The Amazon Resource Name (ARN) of the resource to which to add tags. Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME). */
  resourceArn: string;
  /** The tags to add to the resource: the resource can hold up to 50, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters). */
  tags: {
    /** One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:). */
    Key: string;
    /** A value that acts as a descriptor within a tag category (key): up to 256 characters. */
    Value: string;
  }[];
}

/** The output of TagResource. */
export interface TagResourceOutput {
}

/** The input of ListTagsForResource: List the tags for a repository. */
export interface ListTagsForResourceInput {
  /** The Amazon Resource Name (ARN) that identifies the resource for which to list the tags. Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME). */
  resourceArn: string;
}

/** The output of ListTagsForResource. */
export interface ListTagsForResourceOutput {
  /** The tags for the resource. */
  tags?: {
    /** One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:). */
    Key: string;
    /** A value that acts as a descriptor within a tag category (key): up to 256 characters. */
    Value: string;
  }[];
}

/** The input of UntagResource: Deletes tags from a repository; a key it does not have is ignored. */
export interface UntagResourceInput {
  /** The Amazon Resource Name (ARN) of the resource from which to remove tags. Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME). */
  resourceArn: string;
  /** The keys of the tags to be removed. */
  tagKeys: string[];
}

/** The output of UntagResource. */
export interface UntagResourceOutput {
}

/** The input of DeleteRepository: Deletes a repository. */
export interface DeleteRepositoryInput {
  /** The account id of the registry. Default: the default registry. */
  registryId?: string;
  /** The name of the repository to delete. */
  repositoryName: string;
  /** Delete the repository even if it contains images. */
  force?: boolean;
}

/** The output of DeleteRepository. */
export interface DeleteRepositoryOutput {
  /** The repository that was deleted. */
  repository?: Repository;
}

/** The input of CreateLaunchConfiguration: Creates a launch configuration. */
export interface CreateLaunchConfigurationInput {
  /** The name of the launch configuration; unique per region per account. */
  LaunchConfigurationName: string;
  /** The ID of the machine image used to launch the instances. */
  ImageId?: string;
  /** The name of the key pair. */
  KeyName?: string;
  /** The security groups to assign to the instances. */
  SecurityGroups?: string[];
  /** Kept for backward compatibility (the ID of a ClassicLink-enabled VPC). */
  ClassicLinkVPCId?: string;
  /** Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters. */
  ClassicLinkVPCSecurityGroups?: string[];
  /** The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64). */
  UserData?: string;
  /** The ID of the instance to use to create the launch configuration (not supported by the embedded service). */
  InstanceId?: string;
  /** The instance type of the instances (required unless InstanceId is given). */
  InstanceType?: string;
  /** The ID of the kernel associated with the image. */
  KernelId?: string;
  /** The ID of the RAM disk associated with the image. */
  RamdiskId?: string;
  /** The block devices to attach at launch; by default the image's own mappings are used. */
  BlockDeviceMappings?: {
    /** The name of the instance store volume (virtual device), ephemeral<X> with X a number from 0. */
    VirtualName?: string;
    /** The device name assigned to the volume (for example, /dev/sdh or xvdh). */
    DeviceName: string;
    /** Parameters used to automatically set up EBS volumes when an instance is launched. */
    Ebs?: {
      /** The snapshot ID of the volume to use. Either SnapshotId or VolumeSize must be given. */
      SnapshotId?: string;
      /** The volume size in GiB: gp2 and gp3 1-16384, io1 4-16384, st1 and sc1 125-16384, standard 1-1024; at least the snapshot size. */
      VolumeSize?: number;
      /** The volume type: standard, io1, gp2, st1, sc1 or gp3. */
      VolumeType?: "standard" | "io1" | "gp2" | "st1" | "sc1" | "gp3";
      /** Whether the volume is deleted on instance termination. */
      DeleteOnTermination?: boolean;
      /** The number of input/output operations per second: gp3 3000-16000, io1 100-20000; required for io1, not used with other types. */
      Iops?: number;
      /** Whether the volume is encrypted; encrypted volumes attach only to instances that support encryption. */
      Encrypted?: boolean;
      /** The throughput (MiBps) to provision for a gp3 volume: 125-1000. */
      Throughput?: number;
    };
    /** When true, no volume from the image's own mapping is mapped to this device name. */
    NoDevice?: boolean;
  }[];
  /** Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances. */
  InstanceMonitoring?: {
    /** If true, detailed monitoring is enabled; otherwise basic monitoring. */
    Enabled?: boolean;
  };
  /** The maximum hourly price for a Spot Instance launched to fulfil the request. */
  SpotPrice?: string;
  /** The name or ARN of the instance profile associated with the IAM role for the instance. */
  IamInstanceProfile?: string;
  /** Whether the launch configuration is optimized for EBS I/O (true) or not (false). */
  EbsOptimized?: boolean;
  /** Whether to assign a public IPv4 address to the group's instances. */
  AssociatePublicIpAddress?: boolean;
  /** The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only). */
  PlacementTenancy?: "default" | "dedicated";
  /** The metadata options for the instances. */
  MetadataOptions?: {
    /** optional (default): metadata with or without a signed token; required: a signed token header must be sent (version 2.0 only). */
    HttpTokens?: "optional" | "required";
    /** The desired HTTP PUT response hop limit for metadata requests: 1-64, default 1. */
    HttpPutResponseHopLimit?: number;
    /** enabled (default) or disabled: whether instance metadata can be accessed. */
    HttpEndpoint?: "disabled" | "enabled";
  };
}

/** The output of CreateLaunchConfiguration. */
export interface CreateLaunchConfigurationOutput {
}

/** The input of DescribeLaunchConfigurations: Gets information about the launch configurations in the account and region. */
export interface DescribeLaunchConfigurationsInput {
  /** The launch configuration names (up to 50). When omitted, all launch configurations are described. */
  LaunchConfigurationNames?: string[];
  /** The token for the next set of items to return (from a previous call). */
  NextToken?: string;
  /** The maximum number of items to return with this call: 1-100, default 50. */
  MaxRecords?: number;
}

/** The output of DescribeLaunchConfigurations. */
export interface DescribeLaunchConfigurationsOutput {
  /** The launch configurations. */
  LaunchConfigurations: LaunchConfiguration[];
  /** A string that indicates that the response contains more items than can be returned in a single response. */
  NextToken?: string;
}

/** The input of DeleteLaunchConfiguration: Deletes the specified launch configuration. */
export interface DeleteLaunchConfigurationInput {
  /** The name of the launch configuration. */
  LaunchConfigurationName: string;
}

/** The output of DeleteLaunchConfiguration. */
export interface DeleteLaunchConfigurationOutput {
}

/** The input of CreateAccountToken: Creates a single-use token that tokenizes an account's contact details and identity. */
export interface CreateAccountTokenInput {
  /** The default contact email address for the account. */
  contact_email?: string;
  /** The default contact phone for the account. */
  contact_phone?: string;
  /** A descriptive name for the account, shown in the service's dashboard and on invoices sent to it. */
  display_name?: string;
  /** Information about the company, individual, and business represented by the Account. */
  identity?: {
    /** Attestations from the identity's key people, e.g. owners, executives, directors, representatives. */
    attestations?: {
      /** This hash is used to attest that the directors information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe. */
      directorship_declaration?: {
        /** A boolean indicating if the directors information has been attested. */
        attested?: boolean;
      };
      /** This hash is used to attest that the beneficial owner information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe. */
      ownership_declaration?: {
        /** A boolean indicating if the beneficial owner information has been attested. */
        attested?: boolean;
      };
      /** Attestation that all Persons with a specific Relationship value have been provided. */
      persons_provided?: {
        /** Whether the company’s directors have been provided. Set this Boolean to true after creating all the company’s directors with the Persons API. */
        directors?: boolean;
        /** Whether the company’s executives have been provided. Set this Boolean to true after creating all the company’s executives with the Persons API. */
        executives?: boolean;
        /** Whether the company’s owners have been provided. Set this Boolean to true after creating all the company’s owners with the Persons API. */
        owners?: boolean;
        /** Reason for why the company is exempt from providing ownership information. */
        ownership_exemption_reason?: "qualified_entity_exceeds_ownership_threshold" | "qualifies_as_financial_institution";
      };
      /** This hash is used to attest that the representative is authorized to act as the representative of their legal entity; IP, date, and User Agent are expanded by Stripe. */
      representative_declaration?: {
        /** A boolean indicating if the representative is authorized to act as the representative of their legal entity. */
        attested?: boolean;
      };
      /** Attestations of accepted terms of service agreements. */
      terms_of_service?: {
        /** Details on the Account's acceptance of the [Stripe Services Agreement]; IP, date, and User Agent are expanded by Stripe. */
        account?: {
          /** The boolean value indicating if the terms of service have been accepted. */
          shown_and_accepted?: boolean;
        };
      };
    };
    /** Information about the company or business. */
    business_details?: {
      /** Additional addresses associated with the business. */
      additional_addresses?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** Purpose of additional address. */
        purpose: "administrative" | "principal_place_of_business";
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      }[];
      /** The business registration address of the business entity. */
      address?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      };
      /** The business gross annual revenue for its preceding fiscal year. */
      annual_revenue?: {
        /** A non-negative integer representing the amount in the smallest currency unit. */
        amount?: {
          /** Three-letter ISO currency code, in lowercase. Must be a supported currency. */
          currency: string;
          /** A non-negative integer representing how much to charge in the smallest currency unit. */
          value: number;
        };
        /** The close-out date of the preceding fiscal year in ISO 8601 format. E.g. 2023-12-31 for the 31st of December, 2023. */
        fiscal_year_end?: string;
      };
      /** A document verifying the business. */
      documents?: {
        /** One or more documents that support the bank account ownership verification requirement. Must be a document associated with the account's primary active bank account that displays the last 4 digits of the account number, either a statement or a check. */
        bank_account_ownership_verification?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of a company's license to operate. */
        company_license?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents showing the company's Memorandum of Association. */
        company_memorandum_of_association?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** Certain countries only: One or more documents showing the ministerial decree legalizing the company's establishment. */
        company_ministerial_decree?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of a company's registration with the appropriate local authorities. */
        company_registration_verification?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of a company's tax ID. */
        company_tax_id_verification?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** A document verifying the business. */
        primary_verification?: {
          /** The file upload tokens referring to each side of the document. */
          front_back: {
            /** A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            back?: string;
            /** A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            front?: string;
          };
          /** The format of the verification document. Currently supports `front_back` only. */
          type: "front_back";
        };
        /** One or more documents that demonstrate proof of address. */
        proof_of_address?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of ultimate beneficial ownership. */
        proof_of_registration?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** Person that is signing the document. */
          signer?: {
            /** Person signing the document. */
            person: string;
          };
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents that demonstrate proof of ultimate beneficial ownership. */
        proof_of_ultimate_beneficial_ownership?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** Person that is signing the document. */
          signer?: {
            /** Person signing the document. */
            person: string;
          };
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
      };
      /** Estimated maximum number of workers currently engaged by the business (including employees, contractors, and vendors). */
      estimated_worker_count?: number;
      /** The ID numbers of a business entity. */
      id_numbers?: {
        /** The registrar of the ID number (Only valid for DE ID number types). */
        registrar?: string;
        /** Open Enum. The ID number type of a business entity. */
        type: "ae_crn" | "ae_vat" | "ao_nif" | "ar_cuit" | "at_fn" | "at_stn" | "at_vat" | "au_abn" | "au_acn" | "au_in" | "az_tin" | "bd_etin" | "be_cbe" | "be_vat" | "bg_uic" | "bg_vat" | "br_cnpj" | "ca_cn" | "ca_crarr" | "ca_gst_hst" | "ca_neq" | "ca_rid" | "ch_chid" | "ch_uid" | "cr_cpj" | "cr_nite" | "cy_he" | "cy_tic" | "cy_vat" | "cz_ico" | "cz_vat" | "de_hrn" | "de_stn" | "de_vat" | "dk_cvr" | "dk_vat" | "do_rcn" | "ee_rk" | "ee_vat" | "es_cif" | "es_vat" | "fi_vat" | "fi_yt" | "fr_rna" | "fr_siren" | "fr_vat" | "gb_crn" | "gb_vat" | "gi_crn" | "gr_afm" | "gr_gemi" | "gr_vat" | "gt_nit" | "hk_br" | "hk_cr" | "hr_mbs" | "hr_oib" | "hr_vat" | "hu_cjs" | "hu_tin" | "hu_vat" | "ie_crn" | "ie_trn" | "ie_vat" | "it_rea" | "it_vat" | "jp_cn" | "kz_bin" | "li_uid" | "lt_ccrn" | "lt_vat" | "lu_nif" | "lu_rcs" | "lu_vat" | "lv_urn" | "lv_vat" | "mt_crn" | "mt_tin" | "mt_vat" | "mx_rfc" | "my_brn" | "my_coid" | "my_itn" | "my_sst" | "mz_nuit" | "nl_kvk" | "nl_rsin" | "nl_vat" | "no_orgnr" | "nz_bn" | "nz_ird" | "pe_ruc" | "pk_ntn" | "pl_nip" | "pl_regon" | "pl_vat" | "pt_vat" | "ro_cui" | "ro_orc" | "ro_vat" | "sa_crn" | "sa_tin" | "se_orgnr" | "se_vat" | "sg_uen" | "si_msp" | "si_tin" | "si_vat" | "sk_dic" | "sk_ico" | "sk_vat" | "th_crn" | "th_prn" | "th_tin" | "us_ein";
        /** The value of the ID number. */
        value: string;
      }[];
      /** An estimate of the monthly revenue of the business. */
      monthly_estimated_revenue?: {
        /** A non-negative integer representing the amount in the smallest currency unit. */
        amount?: {
          /** Three-letter ISO currency code, in lowercase. Must be a supported currency. */
          currency: string;
          /** A non-negative integer representing how much to charge in the smallest currency unit. */
          value: number;
        };
      };
      /** The phone number of the Business Entity. */
      phone?: string;
      /** The business legal name. */
      registered_name?: string;
      /** When the business was incorporated or registered. */
      registration_date?: {
        /** The day of registration, between 1 and 31. */
        day: number;
        /** The month of registration, between 1 and 12. */
        month: number;
        /** The four-digit year of registration. */
        year: number;
      };
      /** The business registration address of the business entity in non latin script. */
      script_addresses?: {
        /** Kana Address. */
        kana?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
        /** Kanji Address. */
        kanji?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
      };
      /** The business legal name in non latin script. */
      script_names?: {
        /** Kana name. */
        kana?: {
          /** Registered name of the business. */
          registered_name?: string;
        };
        /** Kanji name. */
        kanji?: {
          /** Registered name of the business. */
          registered_name?: string;
        };
      };
      /** The category identifying the legal structure of the business. */
      structure?: "cooperative" | "free_zone_establishment" | "free_zone_llc" | "governmental_unit" | "government_instrumentality" | "incorporated_association" | "incorporated_non_profit" | "incorporated_partnership" | "limited_liability_partnership" | "llc" | "multi_member_llc" | "private_company" | "private_corporation" | "private_partnership" | "public_company" | "public_corporation" | "public_listed_corporation" | "public_partnership" | "registered_charity" | "single_member_llc" | "sole_establishment" | "sole_proprietorship" | "tax_exempt_government_instrumentality" | "trust" | "unincorporated_association" | "unincorporated_non_profit" | "unincorporated_partnership";
    };
    /** The entity type. */
    entity_type?: "company" | "government_entity" | "individual" | "non_profit";
    /** Information about the person represented by the account. */
    individual?: {
      /** Additional addresses associated with the individual. */
      additional_addresses?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** Purpose of additional address. */
        purpose: "registered";
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      }[];
      /** Additional names (e.g. aliases) associated with the individual. */
      additional_names?: {
        /** The person's full name. */
        full_name?: string;
        /** The person's first or given name. */
        given_name?: string;
        /** The purpose or type of the additional name. */
        purpose: "alias" | "maiden";
        /** The person's last or family name. */
        surname?: string;
      }[];
      /** The individual's residential address. */
      address?: {
        /** City, district, suburb, town, or village. */
        city?: string;
        /** Two-letter country code (ISO 3166-1 alpha-2). */
        country?: string;
        /** Address line 1 (e.g., street, PO Box, or company name). */
        line1?: string;
        /** Address line 2 (e.g., apartment, suite, unit, or building). */
        line2?: string;
        /** ZIP or postal code. */
        postal_code?: string;
        /** State, county, province, or region. */
        state?: string;
        /** Town or district. */
        town?: string;
      };
      /** The individual's date of birth. */
      date_of_birth?: {
        /** The day of the birth. */
        day: number;
        /** The month of birth. */
        month: number;
        /** The year of birth. */
        year: number;
      };
      /** Documents that may be submitted to satisfy various informational requests. */
      documents?: {
        /** One or more documents that demonstrate proof that this person is authorized to represent the company. */
        company_authorization?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** One or more documents showing the person's passport page with photo and personal data. */
        passport?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
        /** An identifying document showing the person's name, either a passport or local ID card. */
        primary_verification?: {
          /** The file upload tokens referring to each side of the document. */
          front_back: {
            /** A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            back?: string;
            /** A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            front?: string;
          };
          /** The format of the verification document. Currently supports `front_back` only. */
          type: "front_back";
        };
        /** A document showing address, either a passport, local ID card, or utility bill from a well-known utility company. */
        secondary_verification?: {
          /** The file upload tokens referring to each side of the document. */
          front_back: {
            /** A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            back?: string;
            /** A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size. */
            front?: string;
          };
          /** The format of the verification document. Currently supports `front_back` only. */
          type: "front_back";
        };
        /** One or more documents showing the person's visa required for living in the country where they are residing. */
        visa?: {
          /** One or more document IDs returned by a file upload with a purpose value of `account_requirement`. */
          files: string[];
          /** The format of the document. Currently supports `files` only. */
          type: "files";
        };
      };
      /** The individual's email address. You can only set this field when the Account is configured as a `merchant` or `recipient`. Use `contact_email` as the primary contact email for this Account. */
      email?: string;
      /** The individual's first name. */
      given_name?: string;
      /** The identification numbers (e.g., SSN) associated with the individual. */
      id_numbers?: {
        /** The ID number type of an individual. */
        type: "ae_eid" | "ao_nif" | "ar_cuil" | "ar_dni" | "at_stn" | "az_tin" | "bd_brc" | "bd_etin" | "bd_nid" | "be_nrn" | "bg_ucn" | "bn_nric" | "br_cpf" | "ca_sin" | "ch_oasi" | "cl_rut" | "cn_pp" | "co_nuip" | "cr_ci" | "cr_cpf" | "cr_dimex" | "cr_nite" | "cy_tic" | "cz_rc" | "de_stn" | "dk_cpr" | "do_cie" | "do_rcn" | "ec_ci" | "ee_ik" | "es_nif" | "fi_hetu" | "fr_nir" | "gb_nino" | "gr_afm" | "gt_nit" | "hk_id" | "hr_oib" | "hu_ad" | "id_nik" | "ie_ppsn" | "is_kt" | "it_cf" | "jp_inc" | "ke_pin" | "kz_iin" | "li_peid" | "lt_ak" | "lu_nif" | "lv_pk" | "mx_rfc" | "my_nric" | "mz_nuit" | "ng_nin" | "nl_bsn" | "no_nin" | "nz_ird" | "pe_dni" | "pk_cnic" | "pk_snic" | "pl_pesel" | "pt_nif" | "ro_cnp" | "sa_tin" | "se_pin" | "sg_fin" | "sg_nric" | "sk_dic" | "th_lc" | "th_pin" | "tr_tin" | "us_itin" | "us_itin_last_4" | "us_ssn" | "us_ssn_last_4" | "uy_dni" | "za_id";
        /** The value of the ID number. */
        value: string;
      }[];
      /** The individual's gender (International regulations require either "male" or "female"). */
      legal_gender?: "female" | "male";
      /** Set of key-value pairs that you can attach to an object. This can be useful for storing additional information about the object in a structured format. */
      metadata?: Record<string, string>;
      /** The countries where the individual is a national. Two-letter country code (ISO 3166-1 alpha-2). */
      nationalities?: string[];
      /** The individual's phone number. */
      phone?: string;
      /** The individual's political exposure. */
      political_exposure?: "existing" | "none";
      /** The relationship that this individual has with the account's identity. */
      relationship?: {
        /** Whether the person is a director of the account's identity. Directors are typically members of the governing board of the company, or responsible for ensuring the company meets its regulatory obligations. */
        director?: boolean;
        /** Whether the person has significant responsibility to control, manage, or direct the organization. */
        executive?: boolean;
        /** Whether the person is an owner of the account's identity. */
        owner?: boolean;
        /** The percent owned by the person of the account's legal entity. */
        percent_ownership?: string;
        /** The person's title (e.g., CEO, Support Engineer). */
        title?: string;
      };
      /** The script addresses (e.g., non-Latin characters) associated with the individual. */
      script_addresses?: {
        /** Kana Address. */
        kana?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
        /** Kanji Address. */
        kanji?: {
          /** City, district, suburb, town, or village. */
          city?: string;
          /** Two-letter country code (ISO 3166-1 alpha-2). */
          country?: string;
          /** Address line 1 (e.g., street, PO Box, or company name). */
          line1?: string;
          /** Address line 2 (e.g., apartment, suite, unit, or building). */
          line2?: string;
          /** ZIP or postal code. */
          postal_code?: string;
          /** State, county, province, or region. */
          state?: string;
          /** Town or district. */
          town?: string;
        };
      };
      /** The individuals primary name in non latin script. */
      script_names?: {
        /** Persons name in kana script. */
        kana?: {
          /** The person's first or given name. */
          given_name?: string;
          /** The person's last or family name. */
          surname?: string;
        };
        /** Persons name in kanji script. */
        kanji?: {
          /** The person's first or given name. */
          given_name?: string;
          /** The person's last or family name. */
          surname?: string;
        };
      };
      /** The individual's last name. */
      surname?: string;
    };
  };
}

/** The output of CreateAccountToken. */
export type CreateAccountTokenOutput = AccountToken;

/** The input of RetrieveAccountToken: Retrieves an account token by id. */
export interface RetrieveAccountTokenInput {
  /** The id of the account token (accttok_...). */
  id: string;
}

/** The output of RetrieveAccountToken. */
export type RetrieveAccountTokenOutput = AccountToken;

/** The input of CreateAccount: Creates an account from an account token, which it uses up: the account takes the token's contact details and identity. */
export interface CreateAccountInput {
  /** The id of an unused, unexpired account token of the same mode (accttok_...); it can be used only once. */
  account_token: string;
}

/** The output of CreateAccount. */
export type CreateAccountOutput = Account;

/** The input of RetrieveAccount: Retrieves an account by id. */
export interface RetrieveAccountInput {
  /** The id of the account (acct_...). */
  id: string;
}

/** The output of RetrieveAccount. */
export type RetrieveAccountOutput = Account;

/** The input of CreateMeterEventAdjustment: Creates an adjustment that cancels a previously sent billing meter event. */
export interface CreateMeterEventAdjustmentInput {
  /** Which meter event to cancel: identifier, a meter event received within the last 24 hours. */
  cancel: {
    /** The identifier of the meter event to cancel. */
    identifier?: string;
  };
  /** The name of the meter event; corresponds to the event_name field of a meter. */
  event_name: string;
  /** The type of cancellation: cancel (a single meter event by identifier). */
  type: "cancel";
}

/** The output of CreateMeterEventAdjustment. */
export type CreateMeterEventAdjustmentOutput = MeterEventAdjustment;

/** The input of RetrieveMeterEventAdjustment: Retrieves a meter event adjustment by id: its status shows whether it has been processed (complete) or not yet (pending). */
export interface RetrieveMeterEventAdjustmentInput {
  /** The id of the meter event adjustment (mtr_event_adj_...). */
  id: string;
}

/** The output of RetrieveMeterEventAdjustment. */
export type RetrieveMeterEventAdjustmentOutput = MeterEventAdjustment;
